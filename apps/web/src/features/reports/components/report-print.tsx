import { Box, Group, Stack, Text } from '@mantine/core';
import { useEffect, type ReactElement, type ReactNode, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { ImagePreview } from '../../../shared/ui/image/authorized-image.tsx';
import type { ReportView } from '../report-model.ts';

const printingClass = 'report-printing';

/** A CSS string literal of any text. */
function cssString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, ' ')}"`;
}

/**
 * The print stylesheet: A4 pages with the page number in the bottom margin box; the app around
 * the report is hidden. It lives only while a report is on screen, so other screens print as usual.
 */
function printCss(pageLabel: string): string {
  return `
.report-print-root { display: none; }
@page {
  size: A4;
  margin: 14mm 12mm 16mm 12mm;
  @bottom-center { content: ${cssString(pageLabel)} " " counter(page) " / " counter(pages); font-size: 9pt; color: #555; }
}
@media print {
  body.${printingClass} > *:not(.report-print-root) { display: none !important; }
  body.${printingClass} { background: #fff !important; }
  .report-print-root { display: block; color: #000; }
  .report-print-table { width: 100%; border-collapse: collapse; }
  .report-print-table > thead { display: table-header-group; }
  .report-print-table > thead > tr > td { padding-bottom: 4mm; }
  .report-print-header { border-bottom: 1px solid #333; padding-bottom: 2mm; }
  .report-print-root .report-section { break-inside: avoid; box-shadow: none; }
  .report-print-root .report-chart { break-inside: avoid; }
  .report-print-root .report-chart img { width: 100%; height: auto; display: block; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;
}

/** The header repeated on every printed page: the clinic, the clinician and the signature, the patient and period. */
function PrintHeader({ report }: { report: ReportView }): ReactElement {
  const { t, i18n } = useTranslation();
  const { clinician, patient } = report.data;
  const specialty = [clinician.title, clinician.managerSpecialty].filter(Boolean).join(' · ');
  return (
    <Group className="report-print-header" justify="space-between" align="flex-end" wrap="nowrap">
      <Stack gap={0}>
        <Text fw={700} size="lg">
          {clinician.managerClinicName ?? t('app.name')}
        </Text>
        {clinician.managerClinicAddress && (
          <Text size="xs" style={{ whiteSpace: 'pre-line' }}>
            {clinician.managerClinicAddress}
          </Text>
        )}
        <Text size="sm">{t('report.print.title')}</Text>
        <Text size="sm">
          {t('report.patient.name')}: {patient.patientName}
        </Text>
        <Text size="sm">
          {t('report.sections.period')}:{' '}
          {t('report.periodRange', {
            start: formatDate(report.startDate, i18n.language),
            end: formatDate(report.endDate, i18n.language),
          })}
        </Text>
      </Stack>
      <Stack gap={2} align="flex-end">
        {clinician.managerESignatureImageUrl ? (
          <ImagePreview
            path={clinician.managerESignatureImageUrl}
            alt={t('report.print.signatureAlt', { name: clinician.managerName })}
            width={140}
            height={48}
            radius={0}
          />
        ) : (
          <Box w={160} h={36} style={{ borderBottom: '1px solid #333' }} aria-label={t('report.print.signature')} />
        )}
        <Text size="sm" fw={600}>
          {clinician.managerName}
        </Text>
        {specialty && <Text size="xs">{specialty}</Text>}
      </Stack>
    </Group>
  );
}

/**
 * The printable A4 report: rendered into the document body, hidden on screen, and the only thing
 * printed while it exists. A table keeps the header on every page.
 */
export function ReportPrint({
  report,
  children,
  ref,
}: {
  report: ReportView;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}): ReactElement {
  const { t } = useTranslation();
  useEffect(() => {
    document.body.classList.add(printingClass);
    return () => document.body.classList.remove(printingClass);
  }, []);
  return createPortal(
    <div className="report-print-root" data-testid="report-print" ref={ref}>
      <style>{printCss(t('report.print.page'))}</style>
      <table className="report-print-table">
        <thead>
          <tr>
            <td>
              <PrintHeader report={report} />
            </td>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{children}</td>
          </tr>
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
