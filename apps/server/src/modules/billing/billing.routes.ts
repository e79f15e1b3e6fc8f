/** Billing routes (docs/requirements.md#billing): guard 2 reads, guard 3 writes. */
import { billingEndpoints as e } from '@towerwatch/contract';
import { PAYMENT_EDITOR_TYPES, PAYMENT_VIEWER_TYPES } from '@towerwatch/domain';
import { callerOf } from '../../kernel/http/guards.ts';
import { route } from '../../kernel/http/route.ts';
import { rules } from '../../kernel/http/rules.ts';
import type { App } from '../../kernel/types.ts';
import type { BillingService } from './billing.service.ts';

export function registerBillingRoutes(app: App, billing: BillingService): void {
  const viewers = rules.signedIn({ userTypes: PAYMENT_VIEWER_TYPES });
  route(app, e.paymentList, { rule: viewers, handler: (req) => billing.list(callerOf(req), req.query) });
  route(app, e.paymentUpdate, {
    rule: rules.signedIn({ userTypes: PAYMENT_EDITOR_TYPES }),
    handler: (req) => billing.update(callerOf(req), req.body),
  });
  route(app, e.rate, {
    rule: rules.signedIn({ userTypes: PAYMENT_EDITOR_TYPES }),
    handler: (req) => billing.setRate(req.body.company, req.body.perSiteRate),
  });
  route(app, e.invoices, {
    rule: viewers,
    handler: (req) => billing.invoices(callerOf(req), req.query.period),
  });
  route(app, e.invoiceExport, {
    rule: viewers,
    handler: async (req, reply) => {
      const file = await billing.invoiceWorkbook(callerOf(req), req.body.period);
      return reply
        .type(e.invoiceExport.reply.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.data);
    },
  });
}
