import { useMediaQuery } from '@mantine/hooks';

/**
 * True on a phone-wide screen (below Mantine's `xs`, 36em = 576 px): layouts that need more width
 * switch to their narrow form there (docs/requirements.md#phone-layout).
 */
export function usePhoneWidth(): boolean {
  return useMediaQuery('(max-width: 35.99em)') ?? false;
}
