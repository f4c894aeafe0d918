import { badParameter, noSuch } from "./stripe-error.ts";
import { text, whole } from "./stripe-params.ts";

/** A Stripe object as the fake keeps it: plain JSON with an `id` and an `object` kind. */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

/** A webhook event as Stripe sends it, with a snapshot of its object when it happened. */
export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
}

/** Everything the fake Stripe account holds, in memory, and the time it believes it is. */
export class StripeStore {
  readonly objects = new Map<string, Map<string, StripeObject>>();
  readonly events: StripeEvent[] = [];
  /** Seconds added to the real clock; tests move time on with `advance`. */
  private offset = 0;
  private counter = 0;

  constructor(readonly apiVersion: string) {}

  /** Unix seconds, as Stripe counts. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.offset;
  }

  advance(seconds: number): void {
    this.offset += seconds;
  }

  newId(prefix: string): string {
    this.counter += 1;
    return `${prefix}_fake${this.counter.toString(36).padStart(6, "0")}`;
  }

  kind(kind: string): Map<string, StripeObject> {
    let map = this.objects.get(kind);
    if (!map) {
      map = new Map();
      this.objects.set(kind, map);
    }
    return map;
  }

  put<T extends StripeObject>(object: T): T {
    this.kind(object.object).set(object.id, object);
    return object;
  }

  get(kind: string, id: string, name = kind): StripeObject {
    const found = this.kind(kind).get(id);
    if (!found) throw noSuch(name, id);
    return found;
  }

  list(kind: string): StripeObject[] {
    return [...this.kind(kind).values()];
  }

  /** Records an event about the object as it is now; sending it is the webhook sender's job. */
  emit(type: string, object: StripeObject, previous?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: this.newId("evt"),
      object: "event",
      api_version: this.apiVersion,
      created: this.now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: structuredClone(object),
        ...(previous ? { previous_attributes: structuredClone(previous) } : {}),
      },
    };
    this.events.push(event);
    return event;
  }
}

/** A Stripe list answer. */
export function listOf(data: StripeObject[], url: string) {
  return { object: "list", data, has_more: false, url };
}

/**
 * One page of a Stripe list, newest first as Stripe lists: `limit` (1 to 100, default 10) and
 * a cursor, `starting_after` or `ending_before`, naming an object of the list.
 */
export function pageOf(objects: StripeObject[], body: Record<string, unknown>, url: string) {
  const limit = whole(body, "limit") ?? 10;
  if (limit < 1 || limit > 100) {
    throw badParameter("limit", "This value must be greater than 1 and less than or equal to 100.");
  }
  const newest = [...objects].reverse();
  const after = text(body, "starting_after");
  const before = text(body, "ending_before");
  const cursor = after ?? before;
  const at = cursor === undefined ? -1 : newest.findIndex((object) => object.id === cursor);
  if (cursor !== undefined && at < 0) {
    throw badParameter(after ? "starting_after" : "ending_before", `No such object: '${cursor}'`);
  }
  const rest = before ? newest.slice(0, at) : newest.slice(at + 1);
  const data = before ? rest.slice(-limit) : rest.slice(0, limit);
  return { object: "list", data, has_more: rest.length > limit, url };
}
