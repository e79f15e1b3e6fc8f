import { Group, Text } from '@mantine/core';

/** Props of {@link Logo}. */
export interface LogoProps {
  size?: number;
  withText?: boolean;
  subtitle?: string;
}

/** The product mark: a tower with radio waves, drawn inline so nothing is fetched. */
export function Logo({ size = 28, withText = true, subtitle }: LogoProps) {
  return (
    <Group gap={8} wrap="nowrap" aria-label="Towerwatch">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#0b7285" />
        <path d="M16 6 10 26h3l1.2-4h3.6l1.2 4h3L16 6Zm-1 13 1-4 1 4h-2Z" fill="#fff" />
        <path
          d="M8.5 9.5a10 10 0 0 0 0 9M23.5 9.5a10 10 0 0 1 0 9"
          stroke="#99e9f2"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      {withText && (
        <div style={{ lineHeight: 1.1 }}>
          <Text fw={700} size="md" lts={0.3}>
            Towerwatch
          </Text>
          {subtitle && (
            <Text size="xs" c="dimmed">
              {subtitle}
            </Text>
          )}
        </div>
      )}
    </Group>
  );
}
