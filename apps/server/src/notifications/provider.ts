import type { NetworkAccess } from "@upwatch/checks";
import type { NotificationEvent } from "@upwatch/core";
import type { NotificationMessage } from "../alerting/index.ts";
import type { Config } from "../config.ts";
import type { OutgoingMail } from "../mail/outgoing-mail.ts";

/** One notification on its way to one channel. */
export interface Delivery {
  /** The notification id: the receiver's deduplication id (`webhook-id`, Message-ID). */
  id: string;
  event: NotificationEvent;
  /** The alert it tells of; null for a test. A paging service's deduplication key comes from it. */
  alertId: string | null;
  message: NotificationMessage;
  channel: { id: string; name: string; config: Record<string, string>; secret: string | null };
}

/** What a provider did: delivered it (maybe at a cost), or wrote a mail for the mail outbox. */
export type DeliveryReceipt =
  | { kind: "delivered"; costCents?: number }
  | { kind: "mail"; mail: OutgoingMail };

/** What providers reach the world through; tests pass loopback receivers. */
export interface ProviderDeps<Client = unknown> {
  network: NetworkAccess;
  /** The provider's own client, when it declares one and the server is set up for it. */
  client: Client | undefined;
  now(): number;
  /** Each attempt's time limit: 10 seconds. */
  timeoutMs: number;
}

/** A failed delivery attempt, as a sentence for the delivery log. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** A client a provider sends through, made from the server's configuration. */
export interface ProviderSetUp<Client> {
  /** The client, or undefined when the operator has not configured it. */
  client(config: Config): Client | undefined;
  /** Why channels of the type are refused while the client is missing. */
  missing: string;
}

/**
 * How one channel type sends: the problem notices, the notices that a problem is over, and for
 * types whose descriptor says `acknowledgements`, that someone acknowledged it in Upwatch.
 */
export interface NotificationProvider<Client = unknown> {
  /** Present when the type sends through a client of its own (an SMS gateway's, say). */
  setUp?: ProviderSetUp<Client>;
  sendAlert(delivery: Delivery, deps: ProviderDeps<Client>): Promise<DeliveryReceipt>;
  sendRecovery(delivery: Delivery, deps: ProviderDeps<Client>): Promise<DeliveryReceipt>;
  sendAcknowledgement?(delivery: Delivery, deps: ProviderDeps<Client>): Promise<DeliveryReceipt>;
}
