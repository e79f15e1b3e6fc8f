import { createTheme, type MantineColorsTuple } from '@mantine/core';

const signal: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#3bc9db',
  '#22b8cf',
  '#15aabf',
  '#1098ad',
  '#0c8599',
  '#0b7285',
];

/** A dense, dark-capable NOC theme: compact spacing, tabular numbers, system fonts (nothing fetched). */
export const theme = createTheme({
  primaryColor: 'signal',
  colors: { signal },
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'sm',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, "JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
});
