import type { NetworkAccess } from "@upwatch/checks";
import type { NotificationEvent } from "@upwatch/core";
import type { NotificationMessage } from "../alerting/index.ts";
import type { OutgoingMail } from "../mail/outgoing-mail.ts";
import type { SmsSender } from "./sms/sms-sender.ts";

/** One notification on its way to one channel. */
export interface Delivery {
  /** The notification id: the receiver's deduplication id (`webhook-id`, Message-ID). */
  id: string;
  event: NotificationEvent;
  message: NotificationMessage;
  channel: { id: string; name: string; config: Record<string, string>; secret: string | null };
}

/** What a provider did: delivered it (maybe at a cost), or wrote a mail for the mail outbox. */
export type DeliveryReceipt =
  | { kind: "delivered"; costCents?: number }
  | { kind: "mail"; mail: OutgoingMail };

/** What providers reach the world through; tests pass loopback receivers. */
export interface ProviderDeps {
  network: NetworkAccess;
  sms: SmsSender | undefined;
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

/** How one channel type sends: the problem notices and the notices that a problem is over. */
export interface NotificationProvider {
  sendAlert(delivery: Delivery, deps: ProviderDeps): Promise<DeliveryReceipt>;
  sendRecovery(delivery: Delivery, deps: ProviderDeps): Promise<DeliveryReceipt>;
}
