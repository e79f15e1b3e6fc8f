/** Billing calls (docs/api.md "Billing"): payments, their update, invoices and the .xlsx export. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { billingEndpoints, type PaymentUpdateBody } from '@towerwatch/contract';
import type { PaymentStatus } from '@towerwatch/domain';
import { apiCall } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export interface PaymentFilter {
  period: string | null;
  status: PaymentStatus | null;
  page: number;
}

export const billingKeys = {
  all: ['billing'] as const,
  payments: (f: PaymentFilter) => [...billingKeys.all, 'payments', f] as const,
  invoices: (period: string) => [...billingKeys.all, 'invoices', period] as const,
  payment: (id: number) => [...billingKeys.all, 'payment', id] as const,
};

export const PAYMENTS_PER_PAGE = 25;

export const paymentsQueryOptions = (f: PaymentFilter) =>
  queryOptions({
    queryKey: billingKeys.payments(f),
    queryFn: ({ signal }) =>
      apiCall(billingEndpoints.paymentList, {
        query: {
          period: f.period ?? undefined,
          status: f.status ? [f.status] : undefined,
          page: f.page,
          limit: PAYMENTS_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** One payment by id (Update Payment opened from a link or reloaded); null when not found. */
export const paymentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: billingKeys.payment(id),
    queryFn: async ({ signal }) =>
      (await apiCall(billingEndpoints.paymentList, { query: { id, page: 1, limit: 1 }, signal })).items[0] ??
      null,
  });

export const invoicesQueryOptions = (period: string) =>
  queryOptions({
    queryKey: billingKeys.invoices(period),
    queryFn: ({ signal }) => apiCall(billingEndpoints.invoices, { query: { period }, signal }),
  });

export const setPerSiteRate = (company: string, perSiteRate: number) =>
  apiCall(billingEndpoints.rate, { body: { company, perSiteRate } });

export const updatePayment = (body: PaymentUpdateBody) => apiCall(billingEndpoints.paymentUpdate, { body });

/** Downloads the month's invoices as .xlsx. */
export async function downloadInvoices(period: string): Promise<void> {
  saveFile(await apiCall(billingEndpoints.invoiceExport, { body: { period } }), `invoices-${period}.xlsx`);
}
