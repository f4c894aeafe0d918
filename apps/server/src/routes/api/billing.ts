import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { type BillingDeps, billingOff } from "../../billing/customer/billing-deps.ts";
import { setCancellation } from "../../billing/customer/cancel-subscription.ts";
import { changeBilling, previewBillingChange } from "../../billing/customer/change-subscription.ts";
import { listInvoices } from "../../billing/customer/list-invoices.ts";
import { openBillingPortal } from "../../billing/customer/open-billing-portal.ts";
import type { BillingChange } from "../../billing/customer/planned-items.ts";
import { readBilling } from "../../billing/customer/read-billing.ts";
import { refundFirstPayment } from "../../billing/customer/refund-first-payment.ts";
import { startCheckout } from "../../billing/customer/start-checkout.ts";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { presentBilling } from "../../presenters/billing.ts";
import { presentInvoices } from "../../presenters/invoices.ts";
import type { ServiceContext } from "../../services/context.ts";
import { routeOf } from "./route-of.ts";

export interface BillingRoutesOptions {
  ctx: ServiceContext;
  /** Stripe and the prices sold, when the server takes payments; else every operation says so. */
  billing: BillingDeps | undefined;
}

/** `/api/v1/billing`: the plan bought through Stripe, its extras, invoices, card and refund. */
export async function billingRoutes(app: FastifyInstance, options: BillingRoutesOptions) {
  const { ctx } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const on = (): BillingDeps => {
    if (!options.billing) throw billingOff();
    return options.billing;
  };
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const view = async (accountId: string, fresh?: Parameters<typeof readBilling>[2]) =>
    presentBilling(await readBilling(ctx, accountId, fresh));

  api.route({
    ...routeOf(OP.getBilling),
    handler: async (request) => {
      on();
      return view(accessOf(request).accountId);
    },
  });

  api.route({
    ...routeOf(OP.startCheckout),
    handler: async (request, reply) => {
      const url = await startCheckout(on(), accessOf(request), request.body);
      return reply.code(201).send({ url });
    },
  });

  api.route({
    ...routeOf(OP.previewBillingChange),
    handler: async (request) => {
      const preview = await previewBillingChange(on(), accessOf(request), changeOf(request.body));
      return {
        currency: preview.currency,
        amount_due_now: preview.amountDueNow,
        credit: preview.credit,
        next_invoice_total: preview.nextInvoiceTotal,
      };
    },
  });

  api.route({
    ...routeOf(OP.changeBilling),
    handler: async (request) => {
      const access = accessOf(request);
      return view(access.accountId, await changeBilling(on(), access, changeOf(request.body)));
    },
  });

  api.route({
    ...routeOf(OP.cancelBilling),
    handler: async (request) => {
      const access = accessOf(request);
      return view(access.accountId, await setCancellation(on(), access, true));
    },
  });

  api.route({
    ...routeOf(OP.resumeBilling),
    handler: async (request) => {
      const access = accessOf(request);
      return view(access.accountId, await setCancellation(on(), access, false));
    },
  });

  api.route({
    ...routeOf(OP.listInvoices),
    handler: async (request) => ({
      data: presentInvoices(await listInvoices(on(), accessOf(request).accountId)),
    }),
  });

  api.route({
    ...routeOf(OP.openBillingPortal),
    handler: async (request, reply) => {
      const url = await openBillingPortal(on(), accessOf(request).accountId);
      return reply.code(201).send({ url });
    },
  });

  api.route({
    ...routeOf(OP.requestRefund),
    handler: async (request) => {
      const access = accessOf(request);
      await refundFirstPayment(on(), access);
      return view(access.accountId);
    },
  });
}

function changeOf(body: {
  plan?: "hobby" | "business" | undefined;
  interval?: "month" | "year" | undefined;
  extra_monitors?: number | undefined;
  extra_agents?: number | undefined;
  status_page_add_on?: "lite" | "pro" | null | undefined;
}): BillingChange {
  return {
    plan: body.plan,
    interval: body.interval,
    extraMonitors: body.extra_monitors,
    extraAgents: body.extra_agents,
    statusPageAddOn: body.status_page_add_on,
  };
}
