import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { BackupEstimateReply } from '@towerwatch/contract';
import { type ColourKind, valueColour } from '@towerwatch/domain';
import { MANTINE_COLOUR } from '../../site-overview/index.ts';
import { backupText, reading } from '../power-model.ts';

const CONFIDENCE_COLOUR = { low: 'gray', medium: 'yellow', high: 'teal' } as const;

function Figure({
  label,
  value,
  kind,
  unit,
  testId,
}: {
  label: string;
  value: number | null;
  kind: ColourKind;
  unit: string;
  testId: string;
}) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} c={MANTINE_COLOUR[valueColour(kind, value)]} data-testid={testId}>
        {reading(value, unit)}
      </Text>
    </div>
  );
}

/**
 * The battery now: DC voltage and current (coloured by the spec's thresholds,
 * docs/requirements.md#colour-thresholds), and the backup time left with its band and how it was
 * estimated (docs/requirements.md#backup-estimate); `liveMinutes` is the latest BATTERY_BACKUP_TIME_LEFT.
 */
export function BatteryFigures({
  volts,
  amps,
  estimate,
  liveMinutes,
}: {
  volts: number | null;
  amps: number | null;
  estimate: BackupEstimateReply | undefined;
  liveMinutes: number | null;
}) {
  const minutes = liveMinutes ?? estimate?.minutes ?? null;
  const text = backupText({ minutes, low: estimate?.low, high: estimate?.high });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Battery now">
      <Group justify="space-between" mb="xs">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
          Battery · live
        </Text>
        {estimate && (
          <Badge variant="light" color={estimate.onBattery ? 'orange' : 'teal'} data-testid="battery-state">
            {estimate.onBattery ? 'On battery' : 'Charging / float'}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label="DC voltage" value={volts} kind="dc_voltage" unit="V" testId="battery-voltage" />
        <Figure label="Battery current" value={amps} kind="current" unit="A" testId="battery-current" />
        <Figure
          label="State of charge"
          value={estimate?.stateOfChargePct ?? null}
          kind="percentage"
          unit="%"
          testId="battery-soc"
        />
        <div>
          <Text size="sm" c="dimmed">
            Backup time left
          </Text>
          <Text fz={26} fw={700} data-testid="backup-left">
            {minutes === null ? (estimate ? 'Not discharging' : '—') : text.figure}
          </Text>
          {text.band && (
            <Text size="xs" c="dimmed" data-testid="backup-band">
              likely {text.band}
            </Text>
          )}
        </div>
      </SimpleGrid>
      {estimate && (
        <Group gap="xs" mt="sm">
          <Badge size="sm" variant="light" color={CONFIDENCE_COLOUR[estimate.confidence]}>
            {estimate.confidence} confidence
          </Badge>
          <Text size="xs" c="dimmed">
            {estimate.method === 'learned'
              ? `Learned from ${estimate.learnedOutages} past outage${estimate.learnedOutages === 1 ? '' : 's'} (capacity ×${estimate.capacityFactor})`
              : 'Nominal capacity: no past outage learned yet'}
            {estimate.capacityAh !== null ? ` · ${estimate.capacityAh} Ah bank` : ''}
            {estimate.remainingAh !== null ? ` · ${estimate.remainingAh} Ah left` : ''}
            {` · load ${reading(estimate.dischargeAmps, 'A')}`}
          </Text>
        </Group>
      )}
    </Paper>
  );
}
