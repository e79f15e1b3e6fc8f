import { Button, Group, NumberInput, Select } from '@mantine/core';
import type { CreateReportScheduleBody } from '@towerwatch/contract';
import {
  SCHEDULED_REPORT_KIND_LABELS,
  SCHEDULED_REPORT_KINDS,
  type ScheduledReportKind,
  SLA_DEFAULT_TARGET,
  SLA_TARGET_LIMITS,
  tenantLabel,
} from '@towerwatch/domain';
import { useState } from 'react';

/** Props of {@link ScheduleForm}. */
export interface ScheduleFormProps {
  tenants: readonly string[];
  /** The kinds the server can produce. */
  kinds: readonly ScheduledReportKind[];
  saving: boolean;
  onCreate: (body: CreateReportScheduleBody) => void;
}

/** Kind, target (SLA) and tenant of a new monthly schedule. */
export function ScheduleForm({ tenants, kinds, saving, onCreate }: ScheduleFormProps) {
  const [kind, setKind] = useState<ScheduledReportKind>('sla');
  const [target, setTarget] = useState<number>(SLA_DEFAULT_TARGET);
  const [tenant, setTenant] = useState<string | null>(null);
  const submit = () =>
    onCreate({
      kind,
      params: {
        ...(kind === 'sla' ? { target } : {}),
        ...(tenant ? { tenant: tenant as NonNullable<CreateReportScheduleBody['params']['tenant']> } : {}),
      },
    });
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label="Report"
        data={SCHEDULED_REPORT_KINDS.map((k) => ({
          value: k,
          label: SCHEDULED_REPORT_KIND_LABELS[k],
          disabled: !kinds.includes(k),
        }))}
        value={kind}
        onChange={(v) => v && setKind(v as ScheduledReportKind)}
        allowDeselect={false}
        w={200}
      />
      {kind === 'sla' && (
        <NumberInput
          label="Target %"
          value={target}
          onChange={(v) => typeof v === 'number' && setTarget(v)}
          min={SLA_TARGET_LIMITS.min}
          max={SLA_TARGET_LIMITS.max}
          step={0.1}
          decimalScale={2}
          w={110}
        />
      )}
      <Select
        label="Tenant"
        placeholder="All tenants"
        data={tenants.map((t) => ({ value: t, label: tenantLabel(t) }))}
        value={tenant}
        onChange={setTenant}
        clearable
        w={170}
      />
      <Button onClick={submit} loading={saving}>
        Schedule monthly
      </Button>
    </Group>
  );
}
