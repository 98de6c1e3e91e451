import { symptomReportRules } from '@clinic/contract';
import { Radio, SimpleGrid, Text } from '@mantine/core';
import type { ReactElement } from 'react';

const levels = Array.from(
  { length: symptomReportRules.painMax - symptomReportRules.painMin + 1 },
  (_, index) => symptomReportRules.painMin + index,
);

/**
 * Pain from 0 to 10 as eleven large choices (48 px, two rows on a phone): a radio group, reached
 * with Tab and changed with the arrow keys. No level is chosen until the patient picks one.
 */
export function PainScale({
  label,
  description,
  value,
  error,
  onChange,
}: {
  label: string;
  description: string;
  value: number | null;
  error?: string | undefined;
  onChange: (level: number) => void;
}): ReactElement {
  return (
    <Radio.Group
      label={label}
      description={description}
      error={error}
      size="md"
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(Number(next))}
    >
      <SimpleGrid cols={6} spacing={8} mt="xs">
        {levels.map((level) => {
          const checked = value === level;
          return (
            <Radio.Card
              key={level}
              value={String(level)}
              h={48}
              radius="md"
              bg={checked ? 'teal.8' : 'white'}
              style={{
                display: 'grid',
                placeItems: 'center',
                borderColor: checked ? 'var(--mantine-color-teal-8)' : 'var(--mantine-color-gray-5)',
              }}
            >
              <Text fw={700} size="lg" c={checked ? 'white' : 'dark.8'}>
                {level}
              </Text>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
