import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { inDhaka } from '../../../lib/time.ts';

/** The last `count` Asia/Dhaka dates, today first, as choices ('Today', 'Yesterday', 'Mon 17 Nov'). */
export function recentDays(count: number, now = new Date()): { value: string; label: string }[] {
  const today = inDhaka(now);
  return Array.from({ length: count }, (_, i) => {
    const day = today.subtract(i, 'day');
    return {
      value: day.format('YYYY-MM-DD'),
      label: i === 0 ? 'Today' : i === 1 ? 'Yesterday' : day.format('ddd D MMM'),
    };
  });
}

/** A choice of one of the last 7 Dhaka days. */
export function DaySelect({ value, onChange }: { value: string; onChange: (date: string) => void }) {
  const days = useMemo(() => recentDays(7), []);
  return (
    <Select
      size="xs"
      w={150}
      aria-label="Day"
      data={days}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && onChange(next)}
    />
  );
}
