import { badParameter, StripeFakeError } from "./stripe-error.ts";
import type { FakeRoute } from "./stripe-http.ts";
import { flag, list, metadata, record, required, text, whole } from "./stripe-params.ts";
import { listOf, type StripeObject, type StripeStore } from "./stripe-store.ts";

/** Products, prices (found by lookup key), billing meters and their usage events. */
export function catalogueRoutes(store: StripeStore): FakeRoute[] {
  return [
    {
      method: "POST",
      path: "/v1/products",
      handle: ({ body }) => {
        const id = text(body, "id") ?? store.newId("prod");
        if (store.kind("product").has(id)) {
          throw new StripeFakeError(400, `Product already exists.`, {
            code: "resource_already_exists",
            param: "id",
          });
        }
        return store.put({
          id,
          object: "product",
          name: required(body, "name"),
          active: true,
          metadata: metadata(body),
          created: store.now(),
          livemode: false,
        });
      },
    },
    {
      method: "GET",
      path: "/v1/products/:id",
      handle: ({ params }) => store.get("product", params.id ?? ""),
    },
    { method: "GET", path: "/v1/prices", handle: ({ body }) => listPrices(store, body) },
    { method: "POST", path: "/v1/prices", handle: ({ body }) => createPrice(store, body) },
    {
      method: "GET",
      path: "/v1/prices/:id",
      handle: ({ params }) => store.get("price", params.id ?? ""),
    },
    {
      method: "GET",
      path: "/v1/billing/meters",
      handle: ({ body }) => {
        const status = text(body, "status");
        const meters = store.list("billing.meter").filter((m) => !status || m.status === status);
        return listOf(meters, "/v1/billing/meters");
      },
    },
    {
      method: "POST",
      path: "/v1/billing/meters",
      handle: ({ body }) =>
        store.put({
          id: store.newId("mtr"),
          object: "billing.meter",
          display_name: required(body, "display_name"),
          event_name: required(body, "event_name"),
          default_aggregation: {
            formula: text(record(body, "default_aggregation"), "formula") ?? "sum",
          },
          status: "active",
          created: store.now(),
          livemode: false,
        }),
    },
    {
      method: "POST",
      path: "/v1/billing/meter_events",
      handle: ({ body }) => {
        const payload = record(body, "payload");
        required(payload, "stripe_customer_id");
        return store.put({
          id: text(body, "identifier") ?? store.newId("mtre"),
          object: "billing.meter_event",
          event_name: required(body, "event_name"),
          payload,
          timestamp: whole(body, "timestamp") ?? store.now(),
          created: store.now(),
          livemode: false,
        });
      },
    },
  ];
}

function listPrices(store: StripeStore, body: Record<string, unknown>) {
  const keys = list(body, "lookup_keys").map(String);
  if (keys.length > 10) {
    throw badParameter("lookup_keys", "You may only specify up to 10 lookup keys.");
  }
  const active = flag(body, "active");
  const product = text(body, "product");
  const prices = store
    .list("price")
    .filter((price) => keys.length === 0 || keys.includes(String(price.lookup_key)))
    .filter((price) => active === undefined || price.active === active)
    .filter((price) => !product || price.product === product);
  return listOf(prices, "/v1/prices");
}

function createPrice(store: StripeStore, body: Record<string, unknown>): StripeObject {
  const product = required(body, "product");
  store.get("product", product);
  const recurring = record(body, "recurring");
  const interval = text(recurring, "interval");
  if (interval && interval !== "month" && interval !== "year") {
    throw badParameter("recurring[interval]", `Invalid recurring[interval]: ${interval}`);
  }
  const usageType = text(recurring, "usage_type") ?? "licensed";
  const meter = text(recurring, "meter");
  if (usageType === "metered" && !meter) {
    throw badParameter("recurring[meter]", "Metered prices must be backed by a meter.");
  }
  if (meter) store.get("billing.meter", meter, "billing meter");
  const lookupKey = text(body, "lookup_key") ?? null;
  if (lookupKey && store.list("price").some((price) => price.lookup_key === lookupKey)) {
    throw badParameter("lookup_key", `A price (with lookup key '${lookupKey}') already exists.`);
  }
  return store.put({
    id: store.newId("price"),
    object: "price",
    product,
    active: true,
    currency: required(body, "currency"),
    unit_amount: whole(body, "unit_amount") ?? null,
    lookup_key: lookupKey,
    nickname: text(body, "nickname") ?? null,
    billing_scheme: "per_unit",
    type: interval ? "recurring" : "one_time",
    recurring: interval
      ? { interval, interval_count: 1, usage_type: usageType, meter: meter ?? null }
      : null,
    metadata: metadata(body),
    created: store.now(),
    livemode: false,
  });
}
