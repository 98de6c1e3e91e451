import type { Page } from 'playwright-core';

/** A one-page PDF a viewer can open: its cross-reference table points at each object's first byte. */
export function makePdf(): Buffer {
  const stream = 'BT /F1 18 Tf 40 100 Td (Home exercises) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A small real JPEG drawn by the browser. */
export async function makeJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 90;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#0b7285';
    context.fillRect(0, 0, 120, 90);
    context.fillStyle = '#f08c00';
    context.fillRect(30, 20, 60, 50);
    return canvas.toDataURL('image/jpeg').split(',')[1] ?? '';
  });
  return Buffer.from(base64, 'base64');
}

/** The size the screens show for a file of this many bytes. */
export const kb = (bytes: number): string => `${Math.max(1, Math.round(bytes / 1024))} KB`;
