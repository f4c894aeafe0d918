import { badParameter } from "./stripe-error.ts";
import type { FakeRoute } from "./stripe-http.ts";
import { list, metadata, record, required, text, whole } from "./stripe-params.ts";
import type { StripeObject, StripeStore } from "./stripe-store.ts";

/** Customers, Checkout sessions (paid on the fake's own page) and customer portal sessions. */
export function customerRoutes(store: StripeStore, baseUrl: () => string): FakeRoute[] {
  return [
    {
      method: "POST",
      path: "/v1/customers",
      handle: ({ body }) =>
        store.put({
          id: store.newId("cus"),
          object: "customer",
          email: text(body, "email") ?? null,
          name: text(body, "name") ?? null,
          metadata: metadata(body),
          created: store.now(),
          livemode: false,
        }),
    },
    {
      method: "GET",
      path: "/v1/customers/:id",
      handle: ({ params }) => store.get("customer", params.id ?? ""),
    },
    {
      method: "POST",
      path: "/v1/checkout/sessions",
      handle: ({ body }) => createCheckoutSession(store, baseUrl(), body),
    },
    {
      method: "GET",
      path: "/v1/checkout/sessions/:id",
      handle: ({ params }) => store.get("checkout.session", params.id ?? "", "checkout session"),
    },
    {
      method: "POST",
      path: "/v1/billing_portal/sessions",
      handle: ({ body }) => {
        const customer = required(body, "customer");
        store.get("customer", customer);
        const id = store.newId("bps");
        return store.put({
          id,
          object: "billing_portal.session",
          customer,
          return_url: text(body, "return_url") ?? null,
          url: `${baseUrl()}/portal/${id}`,
          created: store.now(),
          livemode: false,
        });
      },
    },
  ];
}

function createCheckoutSession(
  store: StripeStore,
  baseUrl: string,
  body: Record<string, unknown>,
): StripeObject {
  if (required(body, "mode") !== "subscription") {
    throw badParameter("mode", "This account sells subscriptions only: mode must be subscription.");
  }
  const customer = text(body, "customer") ?? null;
  if (customer) store.get("customer", customer, "customer");
  const lineItems = list(body, "line_items").map((entry, index) => {
    const item = record({ entry }, "entry");
    const price = store.get("price", required(item, "price"));
    const metered = (price.recurring as { usage_type?: string } | null)?.usage_type === "metered";
    const quantity = whole(item, "quantity");
    if (!metered && quantity === undefined) {
      throw badParameter(`line_items[${index}][quantity]`, "Quantity is required.");
    }
    return { price: price.id, ...(metered ? {} : { quantity }) };
  });
  if (lineItems.length === 0)
    throw badParameter("line_items", "Missing required param: line_items.");
  const id = store.newId("cs_test");
  const now = store.now();
  return store.put({
    id,
    object: "checkout.session",
    mode: "subscription",
    status: "open",
    payment_status: "unpaid",
    customer,
    customer_email: text(body, "customer_email") ?? null,
    client_reference_id: text(body, "client_reference_id") ?? null,
    line_items_requested: lineItems,
    subscription: null,
    invoice: null,
    metadata: metadata(body),
    subscription_metadata: metadata(record(body, "subscription_data")),
    success_url: required(body, "success_url"),
    cancel_url: text(body, "cancel_url") ?? null,
    url: `${baseUrl}/checkout/pay/${id}`,
    created: now,
    expires_at: now + 24 * 3600,
    livemode: false,
  });
}
