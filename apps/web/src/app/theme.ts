import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Éclat palette. Contrast (WCAG 2.x, checked by hand):
 * - white on eclat[6] #0F5E63: 7.5:1 (filled buttons, active links)
 * - ink #1E2A2F on white: 14.7:1; on sand #F3E9DC: 12.3:1
 * - dimmed text #4A5960 on white: 7.3:1; on sand: 6.1:1
 * - mint #4FB59A and coral #E8735A are accents: with autoContrast they carry dark text
 *   (ink on mint 5.9:1, ink on coral 4.9:1); never white text on them.
 */
export const ECLAT_COLORS = {
  teal: '#0F5E63',
  mint: '#4FB59A',
  coral: '#E8735A',
  ink: '#1E2A2F',
  sand: '#F3E9DC',
  dimmed: '#4A5960',
} as const;

const eclat: MantineColorsTuple = [
  '#E7F4F4',
  '#CDE7E8',
  '#A2D2D4',
  '#73B9BC',
  '#4A9FA3',
  '#2A858A',
  '#0F5E63',
  '#0C5054',
  '#094145',
  '#063135',
];

const mint: MantineColorsTuple = [
  '#E9F7F2',
  '#D3EEE6',
  '#A9DDCC',
  '#7ECBB2',
  '#5EBEA2',
  '#4FB59A',
  '#3F9F86',
  '#318570',
  '#246A59',
  '#174F42',
];

const coral: MantineColorsTuple = [
  '#FDEEEA',
  '#F9DCD4',
  '#F3B9A9',
  '#EE967F',
  '#EA8169',
  '#E8735A',
  '#CF5D45',
  '#AD4A35',
  '#8A3A29',
  '#672A1E',
];

const sand: MantineColorsTuple = [
  '#FBF7F1',
  '#F3E9DC',
  '#E8D7C1',
  '#DCC4A5',
  '#D0B18A',
  '#C59F70',
  '#AC8758',
  '#8A6C46',
  '#685135',
  '#463623',
];

const ink: MantineColorsTuple = [
  '#EEF1F2',
  '#D8DEE0',
  '#B4BFC3',
  '#8E9EA4',
  '#6C7F86',
  '#4A5960',
  '#36444A',
  '#2A363B',
  '#1E2A2F',
  '#131B1F',
];

/**
 * Mantine's red with darker working shades: a filled red button (shade 6) is white on #C92A2A, 5.5:1;
 * a light red button's text reaches 4.5:1 on its tint, hover included. Mantine's own red.6 is 3.3:1.
 */
const red: MantineColorsTuple = [
  '#FFF5F5',
  '#FFE3E3',
  '#FFC9C9',
  '#FFA8A8',
  '#FF8787',
  '#F03E3E',
  '#C92A2A',
  '#B02525',
  '#9C2020',
  '#8A1C1C',
];

const SYSTEM_FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol'";

export const theme = createTheme({
  colors: { eclat, mint, coral, sand, ink, red },
  primaryColor: 'eclat',
  primaryShade: 6,
  autoContrast: true,
  luminanceThreshold: 0.28,
  black: ECLAT_COLORS.ink,
  white: '#FFFFFF',
  fontFamily: SYSTEM_FONT_STACK,
  headings: { fontFamily: SYSTEM_FONT_STACK, fontWeight: '700' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  // Dialogs, menus and toasts appear without motion for people who ask their system for less.
  respectReducedMotion: true,
});

/** Body text in ink and a darker "dimmed" than Mantine's default gray, which fails AA on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-text': ECLAT_COLORS.ink,
    '--mantine-color-dimmed': ECLAT_COLORS.dimmed,
    // Placeholders 4.9:1 on white: a multi-select's empty placeholder is real text (axe checks it).
    '--mantine-color-placeholder': '#66727A',
    '--mantine-color-body': '#FFFFFF',
    // Field error text: red.8 is 8:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // Light and subtle red buttons (row Delete actions): red.8 text stays above 4.5:1 on the red tint,
    // hovered, and on striped or highlighted table rows.
    '--mantine-color-red-light-color': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
