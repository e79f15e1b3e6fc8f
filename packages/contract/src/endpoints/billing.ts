/** Endpoint table of billing: payments and invoices (docs/requirements.md#billing). */
import {
  invoiceExportBody,
  invoiceListReply,
  invoiceQuery,
  paymentListQuery,
  paymentListReply,
  paymentRateBody,
  paymentRateReply,
  paymentUpdateBody,
  paymentUpdateReply,
} from '../billing.ts';
import { XLSX_CONTENT_TYPE } from '../site-reports.ts';
import { endpoint, fileReply } from './define.ts';

const tags = ['billing'];

export const billingEndpoints = {
  paymentList: endpoint({
    method: 'GET',
    path: '/user/payment/list',
    summary: 'Payments, newest first (superuser: own company; finance and sudo: every company)',
    tags,
    query: paymentListQuery,
    reply: paymentListReply,
  }),
  paymentUpdate: endpoint({
    method: 'POST',
    path: '/user/payment/update',
    summary: 'Record a payment or change its status: updated, invalid or duplicate',
    tags,
    body: paymentUpdateBody,
    reply: paymentUpdateReply,
  }),
  invoices: endpoint({
    method: 'GET',
    path: '/user/payment/invoices',
    summary: "A month's invoices per company (monitored sites × per-site rate) with what was paid",
    tags,
    query: invoiceQuery,
    reply: invoiceListReply,
  }),
  invoiceExport: endpoint({
    method: 'POST',
    path: '/user/payment/invoice-export',
    summary: "A month's invoices as .xlsx",
    tags,
    body: invoiceExportBody,
    reply: fileReply(XLSX_CONTENT_TYPE),
  }),
  rate: endpoint({
    method: 'POST',
    path: '/user/payment/rate',
    summary: "Set a company's monthly rate per monitored site (BDT)",
    tags,
    body: paymentRateBody,
    reply: paymentRateReply,
  }),
} as const;
