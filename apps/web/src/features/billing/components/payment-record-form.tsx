import { Button, Group, NumberInput, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { PaymentUpdateBody } from '@towerwatch/contract';
import {
  BILLING_CURRENCY,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from '@towerwatch/domain';
import { useState } from 'react';
import { periodLabel } from '../billing-model.ts';

/** Records a new payment: company, month, amount in BDT, method, transaction reference, status. */
export function PaymentRecordForm({
  companies,
  periods,
  busy,
  onSubmit,
}: {
  companies: readonly { id: string; name: string }[];
  periods: readonly string[];
  busy: boolean;
  onSubmit: (body: PaymentUpdateBody) => void;
}) {
  const [company, setCompany] = useState<string | null>(null);
  const [period, setPeriod] = useState<string | null>(periods[0] ?? null);
  const [amount, setAmount] = useState<number | string>('');
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [ref, setRef] = useState('');
  const [status, setStatus] = useState<PaymentStatus>('complete');
  const [note, setNote] = useState('');
  const ready = company && period && typeof amount === 'number' && amount > 0 && ref.trim().length >= 3;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={4}>Record a payment</Title>
        <Group grow>
          <Select
            label="Company"
            data={companies.map((c) => ({ value: c.id, label: c.name }))}
            value={company}
            onChange={setCompany}
            searchable
            required
          />
          <Select
            label="Month"
            data={periods.map((p) => ({ value: p, label: periodLabel(p) }))}
            value={period}
            onChange={setPeriod}
            required
          />
        </Group>
        <Group grow>
          <NumberInput
            label={`Amount (${BILLING_CURRENCY})`}
            value={amount}
            onChange={setAmount}
            min={0.01}
            decimalScale={2}
            thousandSeparator=","
            required
          />
          <Select
            label="Method"
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
            value={method}
            onChange={(v) => v && setMethod(v as PaymentMethod)}
            allowDeselect={false}
          />
        </Group>
        <Group grow>
          <TextInput
            label="Transaction reference"
            value={ref}
            onChange={(e) => setRef(e.currentTarget.value)}
            required
            maxLength={64}
          />
          <Select
            label="Status"
            data={PAYMENT_STATUSES.map((s) => ({ value: s, label: s }))}
            value={status}
            onChange={(v) => v && setStatus(v as PaymentStatus)}
            allowDeselect={false}
          />
        </Group>
        <Textarea
          label="Note"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={1000}
          autosize
        />
        <Group justify="flex-end">
          <Button
            loading={busy}
            disabled={!ready}
            onClick={() =>
              ready &&
              onSubmit({
                company: company ?? undefined,
                period: period ?? undefined,
                amount: amount as number,
                method,
                transactionRef: ref.trim(),
                status,
                note: note.trim() || undefined,
              })
            }
          >
            Record payment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
