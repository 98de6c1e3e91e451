import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

/** WCAG's contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const { colors } = mergeMantineTheme(DEFAULT_THEME, theme);
const aa = 4.5;

describe('the theme reads at WCAG AA', () => {
  it.each(Object.entries(colors))(
    '%s: shades 6 to 9 as text on white and light grays, and under white text',
    (_, shades) => {
      for (const shade of shades.slice(6)) {
        for (const background of ['#ffffff', colors.gray[0], colors.gray[1]]) {
          expect(contrast(shade, background)).toBeGreaterThanOrEqual(aa);
        }
      }
    },
  );

  it.each(Object.entries(colors))('%s: the light variant, shade 9 on shade 1', (_, shades) => {
    expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(aa);
  });
});
