import { Alert, Badge, Grid, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { RectifierMeasurementReply } from '@towerwatch/contract';
import { binaryDisplay } from '@towerwatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { Chart, type ChartOption, dhakaTimeAxis } from '../../../ui/chart.tsx';
import {
  rectifierAlarmQuery,
  rectifierInfoQuery,
  rectifierMeasurementQuery,
  rectifierSettingQuery,
} from '../api/oem-api.ts';
import { oemColour, withUnit } from '../oem-model.ts';
import { AlarmList } from './alarm-list.tsx';
import { InfoLine, Stat } from './stat.tsx';

const MODULE_STATUS_COLOUR = { ok: 'teal', fail: 'red', off: 'gray', comm_fail: 'orange' } as const;

/** The Rectifier tab: info, settings, live measurement with modules, active alarms, 24 h history. */
export function RectifierTab({ siteUid }: { siteUid: string }) {
  const info = useQuery(rectifierInfoQuery(siteUid));
  const setting = useQuery(rectifierSettingQuery(siteUid));
  const alarms = useQuery(rectifierAlarmQuery(siteUid));
  const measurement = useQuery(rectifierMeasurementQuery(siteUid));
  const m = measurement.data?.latest;

  if (measurement.isPending) return <Loader size="sm" />;
  if (measurement.isError)
    return (
      <Alert color="red" title="The rectifier data could not be loaded">
        {errorMessage(measurement.error)}
      </Alert>
    );
  return (
    <Stack gap="md">
      {!m ? (
        <Text c="dimmed">This site's controller has not sent a rectifier measurement yet.</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            <Stat
              label="Output voltage"
              value={withUnit(m.output_voltage, 'V', 2)}
              colour={oemColour('output_voltage', m.output_voltage)}
            />
            <Stat
              label="Load current"
              value={withUnit(m.load_current, 'A')}
              colour={oemColour('load_current', m.load_current)}
            />
            <Stat label="Battery current" value={withUnit(m.battery_current, 'A')} />
            <Stat
              label="AC input"
              value={withUnit(m.ac_input_voltage, 'V', 0)}
              colour={oemColour('ac_input_voltage', m.ac_input_voltage)}
            />
            <Stat
              label="AC frequency"
              value={withUnit(m.ac_frequency, 'Hz', 2)}
              colour={oemColour('ac_frequency', m.ac_frequency)}
            />
            <Stat
              label="Status register"
              value={<span style={{ fontFamily: 'monospace' }}>{binaryDisplay(m.status_bits)}</span>}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Measured {formatDateTime(m.time)} · rectifier clock{' '}
            {m.rectifierTime ? formatDateTime(m.rectifierTime) : 'not reported'}
          </Text>
        </>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="md">
            <Title order={4} mb="xs">
              Modules
            </Title>
            {m ? <ModulesTable modules={m.modules} /> : <Text c="dimmed">No modules reported</Text>}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <Title order={4} mb="xs">
                Active alarms
              </Title>
              <AlarmList
                label="Rectifier alarms"
                alarms={alarms.data?.record?.alarms}
                time={alarms.data?.record ? formatDateTime(alarms.data.record.time) : undefined}
              />
            </Paper>
            <Paper withBorder radius="md" p="md" aria-label="Rectifier info">
              <Title order={4} mb="xs">
                Rectifier
              </Title>
              {info.data?.info ? (
                <Stack gap={2}>
                  <InfoLine label="Type" value={info.data.info.rectifier_type} />
                  <InfoLine label="Model" value={info.data.info.model} />
                  <InfoLine label="Serial" value={info.data.info.serial} />
                  <InfoLine label="Firmware" value={info.data.info.firmware} />
                  <InfoLine label="Modules installed" value={info.data.info.modules_installed} />
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  No info record yet
                </Text>
              )}
            </Paper>
            <Paper withBorder radius="md" p="md" aria-label="Rectifier settings">
              <Title order={4} mb="xs">
                Settings
              </Title>
              {setting.data?.setting ? (
                <SimpleGrid cols={2} spacing={2}>
                  <InfoLine label="Float" value={withUnit(setting.data.setting.float_voltage, 'V')} />
                  <InfoLine label="Boost" value={withUnit(setting.data.setting.boost_voltage, 'V')} />
                  <InfoLine
                    label="Low voltage alarm"
                    value={withUnit(setting.data.setting.low_voltage_alarm, 'V')}
                  />
                  <InfoLine label="LLVD" value={withUnit(setting.data.setting.llvd_voltage, 'V')} />
                  <InfoLine label="BLVD" value={withUnit(setting.data.setting.blvd_voltage, 'V')} />
                  <InfoLine
                    label="Battery current limit"
                    value={withUnit(setting.data.setting.battery_current_limit, 'A', 0)}
                  />
                </SimpleGrid>
              ) : (
                <Text size="sm" c="dimmed">
                  No settings record yet
                </Text>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      {measurement.data && measurement.data.history.length > 1 && <History reply={measurement.data} />}
    </Stack>
  );
}

function ModulesTable({ modules }: { modules: NonNullable<RectifierMeasurementReply['latest']>['modules'] }) {
  return (
    <Table striped fz="sm" aria-label="Rectifier modules">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Module</Table.Th>
          <Table.Th ta="right">Output current</Table.Th>
          <Table.Th ta="right">Temperature</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {modules.map((mod) => (
          <Table.Tr key={mod.address}>
            <Table.Td>#{mod.address}</Table.Td>
            <Table.Td ta="right" c={`${oemColour('module_current', mod.output_current)}.7`}>
              {withUnit(mod.output_current, 'A')}
            </Table.Td>
            <Table.Td ta="right" c={`${oemColour('temperature', mod.temperature)}.7`}>
              {withUnit(mod.temperature, '°C', 0)}
            </Table.Td>
            <Table.Td>
              <Badge color={MODULE_STATUS_COLOUR[mod.status]} variant="light">
                {mod.status.replace('_', ' ')}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function History({ reply }: { reply: RectifierMeasurementReply }) {
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 52, right: 52, top: 36, bottom: 32 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: dhakaTimeAxis('hour'),
      yAxis: [
        { type: 'value', name: 'V', scale: true },
        { type: 'value', name: 'A', scale: true },
      ],
      series: [
        {
          type: 'line',
          name: 'Output voltage',
          showSymbol: false,
          data: reply.history.map((p) => [p.time, p.output_voltage]),
        },
        {
          type: 'line',
          name: 'Load current',
          yAxisIndex: 1,
          showSymbol: false,
          data: reply.history.map((p) => [p.time, p.load_current]),
        },
      ],
    }),
    [reply],
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="xs">
        Last 24 hours
      </Title>
      <Chart
        option={option}
        label="Rectifier output voltage and load current over the last 24 hours"
        testId="rectifier-history"
      />
    </Paper>
  );
}
