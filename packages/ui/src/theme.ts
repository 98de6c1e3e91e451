import {
  createTheme,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type LoaderProps,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';

/**
 * Mantine's palettes with shades 6 to 9 darkened until they read at WCAG AA (4.5:1) as text on
 * white and on the light grays (gray.0, gray.1), and under white text: shade 6 is what filled,
 * outline and subtle variants, links, errors and dimmed text use; 7 is the hover of a fill, 9 the
 * text of a light variant. Shades 0 to 5 are Mantine's own.
 */
const colors = {
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#0c7e5c', '#086f50', '#066447', '#065b41'],
  gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#686f77', '#495057', '#343a40', '#212529'],
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#dd0606', '#c50f0f', '#af1a1a', '#9b2020'],
  orange: [
    '#fff4e6',
    '#ffe8cc',
    '#ffd8a8',
    '#ffc078',
    '#ffa94d',
    '#ff922b',
    '#b45302',
    '#a54505',
    '#983a08',
    '#8f2f0a',
  ],
  yellow: [
    '#fff9db',
    '#fff3bf',
    '#ffec99',
    '#ffe066',
    '#ffd43b',
    '#fcc419',
    '#916603',
    '#875800',
    '#824c00',
    '#7b4000',
  ],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#2a7f39', '#237030', '#1e652b', '#1c5b29'],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#1671bf', '#1665ab', '#145999', '#14528c'],
  grape: ['#f8f0fc', '#f3d9fa', '#eebefa', '#e599f7', '#da77f2', '#cc5de8', '#b12ad3', '#9a32b4', '#89309f', '#7c2b90'],
  cyan: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#0f7988', '#0b6d7c', '#096271', '#085866'],
  violet: [
    '#f3f0ff',
    '#e5dbff',
    '#d0bfff',
    '#b197fc',
    '#9775fa',
    '#845ef7',
    '#774ef2',
    '#693fe7',
    '#5f36d7',
    '#5737b5',
  ],
  indigo: [
    '#edf2ff',
    '#dbe4ff',
    '#bac8ff',
    '#91a7ff',
    '#748ffc',
    '#5c7cfa',
    '#3b60f4',
    '#2d52e9',
    '#2749d3',
    '#2f45af',
  ],
  pink: ['#fff0f6', '#ffdeeb', '#fcc2d7', '#faa2c1', '#f783ac', '#f06595', '#d51d5d', '#b92559', '#a82050', '#991c47'],
  lime: ['#f4fce3', '#e9fac8', '#d8f5a2', '#c0eb75', '#a9e34b', '#94d82d', '#507b12', '#456d0d', '#3b6209', '#385908'],
} satisfies Record<string, MantineColorsTuple>;

/** The look of both web apps (the clinician app and the patient web client). */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 6,
  colors,
  defaultRadius: 'md',
  components: {
    // A dialog's header is no page banner (landmark) beside the page's own header.
    Modal: { defaultProps: { attributes: { header: { role: 'none' } } } satisfies Partial<ModalProps> },
    // A spinner is a status (a plain span may not carry the aria-label that names it "Loading…").
    Loader: { defaultProps: { role: 'status' } satisfies Partial<LoaderProps> & { role: string } },
  },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Apple SD Gothic Neo", "Malgun Gothic", "Microsoft JhengHei", "PingFang HK", sans-serif',
});

const localizedThemes = new Map<string, MantineThemeOverride>();

/**
 * The theme with the close buttons of dialogs and toasts named in the page's language
 * (Mantine's show only an icon). One object per label, so a provider given it re-renders only
 * when the language changes.
 */
export function themeWithCloseLabel(closeLabel: string): MantineThemeOverride {
  let localized = localizedThemes.get(closeLabel);
  if (!localized) {
    const closeButtonProps = { 'aria-label': closeLabel };
    localized = mergeThemeOverrides(theme, {
      components: {
        Modal: { defaultProps: { closeButtonProps } satisfies Partial<ModalProps> },
        Notification: { defaultProps: { closeButtonProps } satisfies Partial<NotificationProps> },
      },
    });
    localizedThemes.set(closeLabel, localized);
  }
  return localized;
}

/** Placeholders read like dimmed text rather than in Mantine's lighter gray.5 (merged over Mantine's variables). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {},
});
