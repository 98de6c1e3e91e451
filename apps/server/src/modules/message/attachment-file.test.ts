import { describe, expect, it } from 'vitest';
import { cleanFileName } from './attachment-file.ts';

describe('a message file’s name', () => {
  it('takes the extension of the type its bytes have, whatever the name said', () => {
    expect(cleanFileName('scan.exe', 'application/pdf')).toBe('scan.pdf');
    expect(cleanFileName('knee.jpeg.png', 'image/jpeg')).toBe('knee.jpeg.jpg');
    expect(cleanFileName('report', 'application/pdf')).toBe('report.pdf');
  });

  it('drops folders, control and invisible format characters', () => {
    // A right-to-left override shows "photo\u202Egpj.exe" as "photoexe.jpg".
    expect(cleanFileName('C:\\Users\\pat\\photo\u202Egpj.exe', 'image/png')).toBe('photogpj.png');
    expect(cleanFileName('a\u0000b\u200Bc\u0007.pdf', 'application/pdf')).toBe('abc.pdf');
  });

  it('is named for its type when nothing of the name is left', () => {
    expect(cleanFileName(undefined, 'image/png')).toBe('attachment.png');
    expect(cleanFileName('\u202E.pdf', 'application/pdf')).toBe('attachment.pdf');
  });

  it('stays within the longest name a message file may have', () => {
    expect(cleanFileName(`${'x'.repeat(500)}.pdf`, 'application/pdf')).toHaveLength(200);
  });
});
