import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payment, PaymentUpdateBody, PaymentUpdateReply } from '@towerwatch/contract';
import { ROUTES } from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { billingKeys, invoicesQueryOptions, paymentQueryOptions, updatePayment } from '../api/billing-api.ts';
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
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : 0;
  // The payment named in the URL: loaded by id, so a link or a reload opens it too.
  const loaded = useQuery({ ...paymentQueryOptions(id), enabled: id > 0 });
  const chosen: Payment | undefined = loaded.data ?? undefined;

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
      {id > 0 && loaded.isPending && <Loader size="sm" aria-label="Loading the payment" />}
      {id > 0 && loaded.isError && <Alert color="red">{errorMessage(loaded.error)}</Alert>}
      {id > 0 && loaded.isSuccess && !chosen && (
        <Alert color="yellow">
          Payment #{id} was not found. Choose the payment to update on the Payment List.
        </Alert>
      )}
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
