import { Alert, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { cellSpread } from '@towerwatch/domain';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { bmsAlarmQuery, bmsMeasurementQuery } from '../api/oem-api.ts';
import { oemColour, withUnit } from '../oem-model.ts';
import { AlarmList } from './alarm-list.tsx';
import { CellChart } from './cell-chart.tsx';
import { Stat } from './stat.tsx';

/** The BMS tab: one battery address at a time (default 1), its figures, cells and alarms. */
export function BmsTab({
  siteUid,
  address,
  onAddress,
}: {
  siteUid: string;
  address: number;
  onAddress: (address: number) => void;
}) {
  const measurement = useQuery(bmsMeasurementQuery(siteUid, address));
  const alarms = useQuery(bmsAlarmQuery(siteUid, address));
  if (measurement.isPending) return <Loader size="sm" />;
  if (measurement.isError)
    return (
      <Alert color="red" title="The BMS data could not be loaded">
        {errorMessage(measurement.error)}
      </Alert>
    );
  const reply = measurement.data;
  const addresses = reply.addresses.length > 0 ? reply.addresses : [1];
  const b = reply.latest;
  const spread = b ? cellSpread(b.cell_voltages) : null;
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text size="sm" fw={600}>
          Battery address
        </Text>
        <SegmentedControl
          aria-label="Battery address"
          data={[...new Set([...addresses, address])]
            .sort((x, y) => x - y)
            .map((a) => ({ value: String(a), label: String(a) }))}
          value={String(address)}
          onChange={(value) => onAddress(Number(value))}
        />
      </Group>
      {!b ? (
        <Text c="dimmed">No BMS measurement for battery {address} yet.</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" aria-label={`Battery ${address}`}>
            <Stat label="State of charge" value={withUnit(b.soc, '%', 0)} colour={oemColour('soc', b.soc)} />
            <Stat label="State of health" value={withUnit(b.soh, '%')} colour={oemColour('soh', b.soh)} />
            <Stat
              label="Voltage"
              value={withUnit(b.voltage, 'V', 2)}
              colour={oemColour('bms_voltage', b.voltage)}
            />
            <Stat label="Current" value={withUnit(b.current, 'A')} />
            <Stat
              label="Temperature"
              value={withUnit(b.temperature, '°C')}
              colour={oemColour('temperature', b.temperature)}
            />
            <Stat label="Cycle count" value={b.cycle_count ?? '–'} />
          </SimpleGrid>
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" mb="xs">
              <Title order={4}>Cell voltages</Title>
              {spread && (
                <Text size="sm" c="dimmed" data-testid="cell-spread">
                  Weakest cell {spread.weakest + 1} ({spread.min.toFixed(3)} V) · strongest cell{' '}
                  {spread.strongest + 1} ({spread.max.toFixed(3)} V) · spread{' '}
                  {Math.round(spread.spread * 1000)} mV
                </Text>
              )}
            </Group>
            <CellChart cells={b.cell_voltages} address={address} />
            <Text size="xs" c="dimmed">
              Measured {formatDateTime(b.time)}
            </Text>
          </Paper>
        </>
      )}
      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="xs">
          BMS alarms
        </Title>
        <AlarmList
          label={`BMS alarms of battery ${address}`}
          alarms={alarms.data?.record?.alarms}
          time={alarms.data?.record ? formatDateTime(alarms.data.record.time) : undefined}
        />
      </Paper>
    </Stack>
  );
}
