import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { NotificationPolicyBody } from '@towerwatch/contract';
import { ALARM_SEVERITIES, type AlarmSeverity, MAX_GROUPING_WINDOW_SECONDS } from '@towerwatch/domain';
import { type FormEvent, useState } from 'react';
import { alarmChoices, minuteToTime, SEVERITY_LABELS, timeToMinute } from '../telegram-model.ts';

export interface PolicyFormProps {
  initial: NotificationPolicyBody;
  saving: boolean;
  onSave(policy: NotificationPolicyBody): void;
}

const CHOICES = alarmChoices();

/** The alarm settings of a group (docs/requirements.md#messaging-policy). */
export function PolicyForm({ initial, saving, onSave }: PolicyFormProps) {
  const [alarmIds, setAlarmIds] = useState<string[]>(initial.alarm_ids);
  const [severities, setSeverities] = useState<string[]>(initial.severities);
  const [raise, setRaise] = useState(initial.notify_raise);
  const [clear, setClear] = useState(initial.notify_clear);
  const [quietStart, setQuietStart] = useState(minuteToTime(initial.quiet_start));
  const [quietEnd, setQuietEnd] = useState(minuteToTime(initial.quiet_end));
  const [grouping, setGrouping] = useState<number>(initial.grouping_seconds);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const start = timeToMinute(quietStart);
    const end = timeToMinute(quietEnd);
    onSave({
      alarm_ids: alarmIds as NotificationPolicyBody['alarm_ids'],
      severities: severities as AlarmSeverity[],
      notify_raise: raise,
      notify_clear: clear,
      quiet_start: start !== null && end !== null ? start : null,
      quiet_end: start !== null && end !== null ? end : null,
      grouping_seconds: grouping,
    });
  };

  return (
    <Stack gap="md" component="form" onSubmit={submit} aria-label="Alarm settings">
      <Checkbox.Group label="Alarms" value={alarmIds} onChange={setAlarmIds}>
        <Group gap="xs" mt={4} mb={4}>
          <Button size="compact-xs" variant="subtle" onClick={() => setAlarmIds(CHOICES.map((c) => c.id))}>
            All
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => setAlarmIds([])}>
            None
          </Button>
        </Group>
        {ALARM_SEVERITIES.map((severity) => (
          <Stack key={severity} gap={4} mt="xs">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {SEVERITY_LABELS[severity]}
            </Text>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing={6}>
              {CHOICES.filter((c) => c.severity === severity).map((c) => (
                <Checkbox key={c.id} value={c.id} label={c.label} size="xs" />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Checkbox.Group>
      <Checkbox.Group label="Severities" value={severities} onChange={setSeverities}>
        <Group mt={4}>
          {ALARM_SEVERITIES.map((s) => (
            <Checkbox key={s} value={s} label={SEVERITY_LABELS[s]} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group>
        <Switch
          label="Message when an alarm is raised"
          checked={raise}
          onChange={(e) => setRaise(e.currentTarget.checked)}
        />
        <Switch
          label="Message when it clears"
          checked={clear}
          onChange={(e) => setClear(e.currentTarget.checked)}
        />
      </Group>
      <div>
        <Title order={3} fz="sm">
          Quiet hours (Asia/Dhaka)
        </Title>
        <Text size="xs" c="dimmed">
          Messages arrive without sound in this period; emergency alarms (security breach, high vibration)
          still ring.
        </Text>
        <Group mt={6}>
          <TextInput
            type="time"
            label="From"
            value={quietStart}
            onChange={(e) => setQuietStart(e.currentTarget.value)}
          />
          <TextInput
            type="time"
            label="Until"
            value={quietEnd}
            onChange={(e) => setQuietEnd(e.currentTarget.value)}
          />
        </Group>
      </div>
      <NumberInput
        label="Grouping window (seconds)"
        description="Transitions of one site within this window become one message, edited in place (0 = off). Emergency alarms always get their own message."
        min={0}
        max={MAX_GROUPING_WINDOW_SECONDS}
        value={grouping}
        onChange={(v) => setGrouping(typeof v === 'number' ? v : 0)}
        maw={360}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={saving}>
          Save settings
        </Button>
      </Group>
    </Stack>
  );
}
