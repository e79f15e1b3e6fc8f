import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payment, PaymentListReply, PaymentUpdateBody, PaymentUpdateReply } from '@towerwatch/contract';
import { ROUTES } from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { billingKeys, invoicesQueryOptions, updatePayment } from '../api/billing-api.ts';
import { recentPeriods } from '../billing-model.ts';
import { PaymentRecordForm } from '../components/payment-record-form.tsx';
import { PaymentStatusForm } from '../components/payment-status-form.tsx';

const RESULT_TEXT: Record<PaymentUpdateReply['result'], string> = {
  updated: 'Payment saved',
  invalid: 'Not saved: invalid',
  duplicate: 'Not saved: duplicate',
};

/**
 * /billing/update (guard 3: finance, sudo; docs/requirements.md#billing): record a payment, or change
 * the status of one chosen on the Payment List. The answer is updated, invalid or duplicate.
 */
export function BillingUpdatePage() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const periods = useMemo(() => recentPeriods(new Date(), 24), []);
  const companies = useQuery(invoicesQueryOptions(periods[0] ?? ''));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PaymentUpdateReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = Number(params.get('id'));
  // The payment chosen on the list (its page is in the cache).
  const chosen = useMemo((): Payment | undefined => {
    if (!id) return undefined;
    for (const [, data] of queryClient.getQueriesData<PaymentListReply>({ queryKey: billingKeys.all })) {
      const found = data && 'items' in data ? data.items.find((p) => p.id === id) : undefined;
      if (found) return found;
    }
    return undefined;
  }, [id, queryClient]);

  const submit = async (body: PaymentUpdateBody) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await updatePayment(body);
      setResult(reply);
      if (reply.result === 'updated') void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={760}>
      <div>
        <Title order={2}>Update Payment</Title>
        <Text c="dimmed" size="sm">
          Amounts in BDT. A transaction reference is recorded once.{' '}
          <Anchor component={Link} to={ROUTES.billingList} size="sm">
            Payment List
          </Anchor>
        </Text>
      </div>
      {result && (
        <Alert
          data-testid="payment-result"
          data-result={result.result}
          color={result.result === 'updated' ? 'teal' : result.result === 'duplicate' ? 'orange' : 'red'}
          title={RESULT_TEXT[result.result]}
        >
          {result.result === 'updated'
            ? `${result.payment?.transactionRef ?? ''} is ${result.payment?.status ?? ''}.`
            : result.message}
        </Alert>
      )}
      {error && <Alert color="red">{error}</Alert>}
      {id > 0 && !chosen && <Alert color="yellow">Choose the payment to update on the Payment List.</Alert>}
      {chosen && (
        <PaymentStatusForm key={chosen.id} payment={chosen} busy={busy} onSubmit={(b) => void submit(b)} />
      )}
      <PaymentRecordForm
        companies={(companies.data?.items ?? []).map((c) => ({ id: c.companyId, name: c.companyName }))}
        periods={periods}
        busy={busy}
        onSubmit={(b) => void submit(b)}
      />
    </Stack>
  );
}
