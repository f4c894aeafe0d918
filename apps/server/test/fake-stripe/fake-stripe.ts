import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { STRIPE_API_VERSION } from "../../src/billing/stripe-client.ts";
import { catalogueRoutes } from "./catalogue-routes.ts";
import { serveCheckoutPage } from "./checkout-page.ts";
import { customerRoutes } from "./customer-routes.ts";
import { renewSubscription, startSubscription } from "./fake-subscriptions.ts";
import { invoiceRoutes, payInvoice } from "./invoice-routes.ts";
import { apiHandler } from "./stripe-http.ts";
import { type StripeEvent, type StripeObject, StripeStore } from "./stripe-store.ts";
import { subscriptionRoutes } from "./subscription-routes.ts";
import { type Delivery, sendEvent } from "./webhook-sender.ts";

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** The API version events are stamped with. */
  apiVersion?: string;
}

/**
 * A Stripe account in memory behind an HTTP server on 127.0.0.1, which the real `stripe`
 * package talks to, and which sends webhook events, signed as Stripe signs them, when told.
 */
export class FakeStripe {
  readonly store: StripeStore;
  /** Where events go: the server's webhook endpoint. */
  webhookUrl: string | null = null;
  private sent = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly options: FakeStripeOptions,
    store: StripeStore,
  ) {
    this.store = store;
  }

  static async start(options: FakeStripeOptions): Promise<FakeStripe> {
    const store = new StripeStore(options.apiVersion ?? STRIPE_API_VERSION);
    let fake: FakeStripe | undefined;
    const baseUrl = () => fake?.url ?? "";
    const api = apiHandler(options.secretKey, [
      ...catalogueRoutes(store),
      ...customerRoutes(store, baseUrl),
      ...subscriptionRoutes(store, baseUrl),
      ...invoiceRoutes(store, baseUrl),
    ]);
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const page = serveCheckoutPage(
          request,
          response,
          (id) => fake?.completeCheckoutPage(id) ?? null,
          (id) => fake?.describeSession(id) ?? null,
        );
        if (!page) void api(request, response, Buffer.concat(chunks).toString("utf8"));
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    fake = new FakeStripe(server, `http://127.0.0.1:${port}`, options, store);
    return fake;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Pays a Checkout session as its customer would: a subscription, a paid invoice, events. */
  completeCheckout(sessionId: string): { session: StripeObject; subscription: StripeObject } {
    const session = this.store.get("checkout.session", sessionId, "checkout session");
    if (session.status !== "open")
      throw new Error(`Checkout session ${sessionId} is ${session.status}.`);
    const customer = String(session.customer ?? this.newCustomer(session).id);
    const subscription = startSubscription(this.store, this.url, {
      customer,
      items: session.line_items_requested as { price: string; quantity?: number }[],
      metadata: session.subscription_metadata as Record<string, string>,
    });
    Object.assign(session, {
      customer,
      status: "complete",
      payment_status: "paid",
      subscription: subscription.id,
      invoice: subscription.latest_invoice,
    });
    this.store.emit("checkout.session.completed", session);
    return { session, subscription };
  }

  /** The period of a subscription ends: it renews (paid or failed) or, set to cancel, ends. */
  endPeriod(subscriptionId: string, payment: { paid: boolean } = { paid: true }): StripeObject {
    const subscription = this.store.get("subscription", subscriptionId);
    return renewSubscription(this.store, this.url, subscription, payment.paid);
  }

  /**
   * Stripe's automatic collection: every open invoice set to advance by itself and charged
   * automatically is paid by the card on file. Answers the invoices paid.
   */
  collectOpenInvoices(): StripeObject[] {
    return this.store
      .list("invoice")
      .filter(
        (invoice) =>
          invoice.status === "open" &&
          invoice.auto_advance === true &&
          invoice.collection_method === "charge_automatically",
      )
      .map((invoice) => payInvoice(this.store, invoice));
  }

  /** Events made since the last delivery, oldest first. */
  pendingEvents(): StripeEvent[] {
    return this.store.events.slice(this.sent);
  }

  /** Sends every pending event, in the order made or reversed, one after the other. */
  async deliverPending(order: "as-made" | "reversed" = "as-made"): Promise<Delivery[]> {
    const events = this.pendingEvents();
    this.sent = this.store.events.length;
    const deliveries: Delivery[] = [];
    for (const event of order === "reversed" ? events.reverse() : events) {
      deliveries.push(await this.deliver(event));
    }
    return deliveries;
  }

  /**
   * Sends one event (again, or out of order), signed now by the wall clock (as Stripe signs each
   * delivery when it makes it), or at another time, or with another secret.
   */
  async deliver(
    event: StripeEvent,
    signing: { timestamp?: number; secret?: string } = {},
  ): Promise<Delivery> {
    if (!this.webhookUrl) throw new Error("Set webhookUrl before delivering events.");
    const index = this.store.events.indexOf(event);
    if (index >= this.sent) this.sent = index + 1;
    return sendEvent(this.webhookUrl, event, {
      secret: signing.secret ?? this.options.webhookSecret,
      timestamp: signing.timestamp ?? Math.floor(Date.now() / 1000),
    });
  }

  /** The newest event of a type. */
  lastEvent(type: string): StripeEvent {
    const event = this.store.events.findLast((candidate) => candidate.type === type);
    if (!event) throw new Error(`No ${type} event was made.`);
    return event;
  }

  private completeCheckoutPage(id: string): { successUrl: string } | null {
    const session = this.store.kind("checkout.session").get(id);
    if (session?.status !== "open") return null;
    this.completeCheckout(id);
    return { successUrl: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", id) };
  }

  private describeSession(id: string): string | null {
    const session = this.store.kind("checkout.session").get(id);
    if (!session) return null;
    const items = session.line_items_requested as { price: string; quantity?: number }[];
    return items
      .map((item) => {
        const price = this.store.kind("price").get(item.price);
        return `${item.quantity ?? 1} × ${String(price?.lookup_key ?? item.price)}`;
      })
      .join(", ")
      .replace(/[<>&"]/g, "");
  }

  private newCustomer(session: StripeObject): StripeObject {
    return this.store.put({
      id: this.store.newId("cus"),
      object: "customer",
      email: session.customer_email ?? null,
      name: null,
      metadata: {},
      created: this.store.now(),
      livemode: false,
    });
  }
}
