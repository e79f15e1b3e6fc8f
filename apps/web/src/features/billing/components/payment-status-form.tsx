import { Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import type { Payment, PaymentUpdateBody } from '@towerwatch/contract';
import { PAYMENT_TRANSITIONS, type PaymentStatus } from '@towerwatch/domain';
import { useState } from 'react';
import { formatMoney, periodLabel } from '../billing-model.ts';

/** Changes a recorded payment's status to one its transitions allow (docs/requirements.md#payment-transitions). */
export function PaymentStatusForm({
  payment,
  busy,
  onSubmit,
}: {
  payment: Payment;
  busy: boolean;
  onSubmit: (body: PaymentUpdateBody) => void;
}) {
  const next = PAYMENT_TRANSITIONS[payment.status];
  const [status, setStatus] = useState<PaymentStatus | null>(next[0] ?? null);
  const [note, setNote] = useState(payment.note);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={4}>Payment {payment.transactionRef}</Title>
        <Text size="sm" c="dimmed">
          {payment.companyName} · {periodLabel(payment.period)} · {formatMoney(payment.amount)} · now{' '}
          {payment.status}
        </Text>
        {next.length === 0 ? (
          <Text size="sm">A complete payment is final.</Text>
        ) : (
          <>
            <Select
              label="New status"
              data={next.map((s) => ({ value: s, label: s }))}
              value={status}
              onChange={(v) => setStatus(v as PaymentStatus | null)}
              allowDeselect={false}
              w={200}
            />
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
                disabled={!status}
                onClick={() => status && onSubmit({ id: payment.id, status, note: note.trim() || undefined })}
              >
                Update status
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
