import type { PatientSummary } from '@clinic/contract';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/dates/date-format.ts';
import { ImagePreview } from '../../../shared/ui/image/authorized-image.tsx';
import { EmailAddress } from '../../../shared/ui/email-address.tsx';
import { useUnit } from '../../../shared/units/unit-preference.ts';
import { formatHeight, formatWeight, type UnitLabels } from '../../../shared/units/units.ts';
import type { PatientDetail } from '../api/get-patient-detail.ts';
import { ConditionFacts } from './condition-history.tsx';
import { initialsOf } from './patient-profile-form.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }): ReactElement {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {/* A long value breaks inside its own column instead of running into the next. */}
      <Text size="sm" style={{ overflowWrap: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

export function useUnitLabels(): UnitLabels {
  const { t } = useTranslation();
  return { cm: t('units.cm'), kg: t('units.kg'), ft: t('units.ft'), in: t('units.in'), lb: t('units.lb') };
}

function genderLabel(t: TFunction, gender: PatientSummary['patientInfoGender']) {
  return gender === 'M' ? t('fields.genderMale') : gender === 'F' ? t('fields.genderFemale') : t('fields.genderUnset');
}

/** Dashboard: the profile with its image, and the latest condition entry. */
export function PatientOverview({ detail }: { detail: PatientDetail }): ReactElement {
  const { t, i18n } = useTranslation();
  const unit = useUnit();
  const labels = useUnitLabels();
  const { patient, latestStatus } = detail;
  const language = i18n.language;

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" component="section" aria-labelledby="overview-heading">
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <ImagePreview
            path={patient.imageUrl}
            alt={t('patients.profile.imageAlt', { name: patient.patientName })}
            width={100}
            height={120}
            fallback={initialsOf(patient.patientName)}
          />
          <Stack gap="sm" style={{ flex: 1 }}>
            <Group gap="sm">
              <Title order={3} id="overview-heading">
                {t('patients.overview.title')}
              </Title>
              <Badge color={patient.isEnabled ? 'teal' : 'gray'} variant="light">
                {patient.isEnabled ? t('patients.status.active') : t('patients.status.inactive')}
              </Badge>
              {patient.isAppMember && <Badge variant="outline">{t('patients.overview.appMember')}</Badge>}
            </Group>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
              <Fact label={t('patients.fields.birth')}>
                {formatDate(patient.patientInfoBirth, language)} (
                {t('patients.overview.age', { age: patient.patientAge })})
              </Fact>
              <Fact label={t('fields.gender')}>{genderLabel(t, patient.patientInfoGender)}</Fact>
              <Fact label={t('patients.overview.height')}>{formatHeight(patient.heightCm, unit, labels)}</Fact>
              <Fact label={t('patients.overview.weight')}>{formatWeight(patient.weightKg, unit, labels)}</Fact>
              <Fact label={t('patients.fields.device')}>{t(`patients.device.${patient.deviceType}`)}</Fact>
              <Fact label={t('patients.overview.email')}>
                {patient.patientEmail ? <EmailAddress address={patient.patientEmail} /> : '—'}
              </Fact>
              <Fact label={t('patients.columns.registered')}>{formatDate(patient.createdAt, language)}</Fact>
            </SimpleGrid>
          </Stack>
        </Group>
      </Paper>

      <Paper withBorder p="lg" component="section" aria-labelledby="latest-condition-heading">
        <Title order={3} id="latest-condition-heading" mb="sm">
          {t('patients.overview.latestCondition')}
        </Title>
        {latestStatus ? (
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {t('condition.recordedAt', { date: formatDateTime(latestStatus.recordedAt, language) })}
            </Text>
            <ConditionFacts entry={latestStatus} />
          </Stack>
        ) : (
          <Text c="dimmed">{t('condition.empty')}</Text>
        )}
      </Paper>

      {patient.reservedSchedules.length > 0 && (
        <Paper withBorder p="lg" component="section" aria-labelledby="visits-heading">
          <Title order={3} id="visits-heading" mb="sm">
            {t('patients.overview.todayVisits')}
          </Title>
          <Stack gap={4}>
            {patient.reservedSchedules.map((schedule) => (
              <Text key={schedule.seqSchedule} size="sm">
                {formatDateTime(schedule.scheduleExpectStartDatetime, language)}
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
