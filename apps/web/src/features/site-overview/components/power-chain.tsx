import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBattery3,
  IconBolt,
  IconDoor,
  IconEngine,
  IconPlugConnected,
  IconTemperature,
} from '@tabler/icons-react';
import { tenantLabel } from '@towerwatch/domain';
import type { ReactNode } from 'react';
import {
  type ChainState,
  type ChainValue,
  formatMinutes,
  MANTINE_COLOUR,
  type PowerChain,
} from '../site-overview-model.ts';

function Block({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={title}>
      <Group gap={8} mb="sm">
        {icon}
        <Title order={5}>{title}</Title>
      </Group>
      <Stack gap={8}>{children}</Stack>
    </Paper>
  );
}

function Value({ item }: { item: ChainValue }) {
  const text = item.value === null ? '—' : `${Math.round(item.value * 10) / 10} ${item.unit}`;
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {item.label}
      </Text>
      <Badge
        variant="light"
        size="lg"
        color={MANTINE_COLOUR[item.colour]}
        aria-label={`${item.label} ${text}`}
        data-colour={item.colour}
      >
        {text}
      </Badge>
    </Group>
  );
}

function StateLine({ item }: { item: ChainState }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {item.label}
      </Text>
      <Badge
        variant={item.active ? 'filled' : 'light'}
        size="lg"
        color={item.active === null ? 'gray' : item.active ? 'orange' : 'teal'}
        aria-label={`${item.label} ${item.text}`}
      >
        {item.text}
      </Badge>
    </Group>
  );
}

function Empty() {
  return (
    <Text size="sm" c="dimmed">
      Not installed
    </Text>
  );
}

const DC_COLOUR: Readonly<Record<string, string>> = { DOWN: 'orange', NORMAL: 'teal', OVER: 'red' };

/** The power chain of the site overview, colour-coded by the value thresholds (docs/requirements.md#colour-thresholds). */
export function PowerChainView({ chain }: { chain: PowerChain }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <Block title="Mains" icon={<IconBolt size={18} />}>
        {chain.mains.length === 0 ? <Empty /> : chain.mains.map((m) => <Value key={m.label} item={m} />)}
      </Block>
      <Block title="Generators" icon={<IconEngine size={18} />}>
        {chain.generators.length === 0 ? (
          <Empty />
        ) : (
          chain.generators.map((g) => <StateLine key={g.label} item={g} />)
        )}
      </Block>
      <Block title="Rectifier & DC load" icon={<IconPlugConnected size={18} />}>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Rectifier
          </Text>
          <Group gap={4}>
            <Text size="sm" tt="capitalize">
              {chain.rectifier.types.join(', ') || '—'}
            </Text>
            {chain.rectifier.failed !== null && (
              <Badge
                color={chain.rectifier.failed ? 'red' : 'teal'}
                variant="light"
                aria-label="Rectifier status"
              >
                {chain.rectifier.failed ? 'Fail' : 'OK'}
              </Badge>
            )}
          </Group>
        </Group>
        {chain.dcLoad.map((entry) => (
          <Group key={entry.tenant} justify="space-between">
            <Text size="sm" c="dimmed">
              DC load · {tenantLabel(entry.tenant)}
            </Text>
            <Badge
              color={DC_COLOUR[entry.value]}
              variant="light"
              aria-label={`DC load ${tenantLabel(entry.tenant)} ${entry.label}`}
            >
              {entry.label}
            </Badge>
          </Group>
        ))}
      </Block>
      <Block title="Battery" icon={<IconBattery3 size={18} />}>
        <Value item={chain.battery.voltage} />
        <Value item={chain.battery.current} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Backup left
          </Text>
          <Text size="sm" fw={600} aria-label="Backup left">
            {formatMinutes(chain.battery.backupMinutes)}
          </Text>
        </Group>
      </Block>
      <Block title="Climate" icon={<IconTemperature size={18} />}>
        <Value item={chain.climate.temperature} />
        <Value item={chain.climate.humidity} />
      </Block>
      <Block title="Door & lock" icon={<IconDoor size={18} />}>
        {chain.access.length === 0 ? (
          <Empty />
        ) : (
          chain.access.map((a) => <StateLine key={a.label} item={a} />)
        )}
      </Block>
    </SimpleGrid>
  );
}
