import { Alert, Group, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { OPEN_HOURS_ZOOMS, type OpenHoursZoom } from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { dayjs, formatDateTime, inDhaka } from '../../../lib/time.ts';
import { Chart, type ChartOption, dhakaTimeAxis } from '../../../ui/chart.tsx';
import { DateField } from '../../../ui/date-field.tsx';
import { openHoursQueryOptions } from '../api/access-api.ts';
import { defaultZoom, formatOpenTime, openHoursBars } from '../open-hours-model.ts';

const DAY_MS = 86_400_000;
/** About one bucket of each zoom (only for the axis margins). */
const BUCKET_MS: Record<OpenHoursZoom, number> = {
  hour: 3_600_000,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
};

const ZOOM_LABELS: Record<OpenHoursZoom, string> = { hour: 'Hour', day: 'Day', week: 'Week', month: 'Month' };

/** Hours the door stood open per hour, day, week or month over a date range, zoomable. */
export function OpenHoursChart({ siteUid }: { siteUid: string }) {
  const today = inDhaka(new Date()).format('YYYY-MM-DD');
  const [fromDate, setFromDate] = useState(dayjs(today).subtract(6, 'day').format('YYYY-MM-DD'));
  const [untilDate, setUntilDate] = useState(today);
  const [zoom, setZoom] = useState<OpenHoursZoom>(() => defaultZoom(fromDate, untilDate));
  const valid = Boolean(fromDate && untilDate && fromDate <= untilDate);
  const reply = useQuery({ ...openHoursQueryOptions(siteUid, fromDate, untilDate, zoom), enabled: valid });

  const option = useMemo<ChartOption>(() => {
    const bars = reply.data ? openHoursBars(reply.data) : [];
    return {
      grid: { left: 44, right: 16, top: 32, bottom: 64 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: number) => `${value} h open`,
        axisPointer: { type: 'shadow' },
      },
      // The whole range, with half a bucket of room before it so the first bar shows whole.
      xAxis: {
        ...dhakaTimeAxis(zoom === 'hour' ? 'hour' : 'day'),
        min: Date.parse(`${fromDate}T00:00:00+06:00`) - BUCKET_MS[zoom] / 2,
        max: Date.parse(`${untilDate}T00:00:00+06:00`) + DAY_MS - 1,
      },
      yAxis: { type: 'value', name: 'hours', nameTextStyle: { align: 'right' }, minInterval: 0.5 },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
      series: [{ type: 'bar', name: 'Open', data: bars, barMaxWidth: 28 }],
    };
  }, [reply.data, zoom, fromDate, untilDate]);

  const changeRange = (from: string, until: string) => {
    setFromDate(from);
    setUntilDate(until);
    if (from && until && from <= until) setZoom(defaultZoom(from, until));
  };
  const periods = reply.data?.periods ?? [];
  const openNow = periods.some((p) => p.closedAt === null);
  const lastOpened = periods.reduce<string | null>(
    (last, p) => (!last || p.openedAt > last ? p.openedAt : last),
    null,
  );

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs" align="flex-end" wrap="wrap">
        <div>
          <Title order={4}>Open hours</Title>
          <Text size="xs" c="dimmed">
            {reply.data
              ? `${formatOpenTime(reply.data.totalOpenSeconds)} open in ${periods.length} period${periods.length === 1 ? '' : 's'}${openNow ? ' · open now' : ''}`
              : ' '}
          </Text>
        </div>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <DateField
            size="xs"
            w={130}
            label="From"
            value={fromDate}
            max={untilDate}
            onChange={(value) => changeRange(value, untilDate)}
          />
          <DateField
            size="xs"
            w={130}
            label="Until"
            value={untilDate}
            min={fromDate}
            max={today}
            onChange={(value) => changeRange(fromDate, value)}
          />
          <SegmentedControl
            size="xs"
            aria-label="Zoom"
            value={zoom}
            onChange={(value) => setZoom(value as OpenHoursZoom)}
            data={OPEN_HOURS_ZOOMS.map((value) => ({ value, label: ZOOM_LABELS[value] }))}
          />
        </Group>
      </Group>
      {!valid && <Alert color="yellow">Choose a start date on or before the end date.</Alert>}
      {reply.isError && <Alert color="red">{errorMessage(reply.error)}</Alert>}
      <Chart
        option={option}
        height={240}
        label="Hours the door was open"
        loading={reply.isFetching}
        testId="open-hours-chart"
      />
      {lastOpened && (
        <Text size="xs" c="dimmed" mt={4}>
          Last opened {formatDateTime(lastOpened)}
        </Text>
      )}
    </Paper>
  );
}
