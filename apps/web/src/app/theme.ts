import { Anchor, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Card-table green. Shade 8 (the primary shade) keeps white text at a 5.4:1 contrast ratio.
const felt: MantineColorsTuple = ['#e8f7ef', '#d2ecdf', '#a5d8bd', '#75c399', '#4eb17b', '#35a568', '#259f5e', '#178a4e', '#0f7a44', '#006a39'];

export const theme = createTheme({
  primaryColor: 'felt',
  primaryShade: 8,
  colors: { felt },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Links inside text must not rely on colour alone.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Every field of our forms is required, so no asterisks: the label text stays exactly the field's name
    // (screen readers still hear "required" from the attribute). Plain objects, so the theme does not pull
    // the input components into the first download.
    TextInput: { defaultProps: { withAsterisk: false } },
    PasswordInput: { defaultProps: { withAsterisk: false } },
    Textarea: { defaultProps: { withAsterisk: false } },
    // A badge's label clips at its grid cell, which Chromium makes a pixel or two narrower than the uppercase
    // word ('SUCCE…'); let the word use the badge's padding instead.
    Badge: { styles: { label: { overflow: 'visible' } } },
  },
});

// Mantine's default dimmed text and error red are below 4.5:1 on white; use the next darker shades.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
