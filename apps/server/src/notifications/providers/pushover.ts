import type { PostAnswer } from "@upwatch/checks";
import type { NotificationMessage } from "../../alerting/index.ts";
import {
  type Delivery,
  DeliveryError,
  type DeliveryReceipt,
  type NotificationProvider,
  type ProviderDeps,
} from "../provider.ts";
import { sendJson } from "./post-json.ts";
import { type PushPriorities, pushBody, pushMessage } from "./push-message.ts";
import { shorten } from "./shorten.ts";

/** Where Pushover's API answers, from PUSHOVER_API_URL. */
export interface PushoverClient {
  apiUrl: string;
}

/** Pushover's documented limits, in characters. */
export const PUSHOVER_LIMITS = { title: 250, message: 1024, url: 512, urlTitle: 100 } as const;

/** Pushover's priorities: 2 emergency, 1 high, 0 normal, -1 low (no sound or vibration). */
export const PUSHOVER_PRIORITIES: PushPriorities = {
  critical: 2,
  warning: 1,
  info: 0,
  resolved: -1,
  test: 0,
};

/**
 * How an emergency repeats until someone acknowledges it in Pushover: every minute for an hour
 * (Pushover allows every 30 seconds at most and 3 hours at longest).
 */
export const PUSHOVER_EMERGENCY = { retry: 60, expire: 3600 } as const;

/**
 * The messages API's body: the headline as the title, the check line and when it opened (or how
 * long it lasted) as the message, the severity as priority, and the alert's page as its link.
 * An emergency carries the alert's id as its tag, so that its repeats can be stopped by tag.
 */
export function pushoverMessage(
  delivery: Pick<Delivery, "event" | "alertId" | "message">,
  config: Record<string, string>,
) {
  const push = pushMessage(delivery.event, delivery.message, "This Pushover user");
  const priority = PUSHOVER_PRIORITIES[push.tone];
  const body = pushBody(push, {
    separator: "\n",
    fits: (text) => Array.from(text).length <= PUSHOVER_LIMITS.message,
  });
  const link = push.alertUrl && push.alertUrl.length <= PUSHOVER_LIMITS.url ? push.alertUrl : null;
  return {
    token: config.app_token ?? "",
    user: config.user_key ?? "",
    ...(config.device ? { device: config.device } : {}),
    title: shorten(push.title, PUSHOVER_LIMITS.title),
    message: body || shorten(push.title, PUSHOVER_LIMITS.message),
    priority,
    timestamp: Math.floor(push.at / 1000),
    ...(link ? { url: link, url_title: "View alert" } : {}),
    ...(priority === 2
      ? { ...PUSHOVER_EMERGENCY, ...(delivery.alertId ? { tags: delivery.alertId } : {}) }
      : {}),
  };
}

/** Pushover's own words for a refusal: "application token is invalid". */
function errorsIn(answer: PostAnswer): string {
  try {
    const parsed = JSON.parse(answer.body) as { errors?: unknown };
    if (!Array.isArray(parsed.errors)) return "";
    const words = parsed.errors.filter((error) => typeof error === "string").join("; ");
    return words ? `: ${words.slice(0, 200)}` : "";
  } catch {
    return "";
  }
}

/** The field an error answer marks "invalid": token, user or device. */
function invalidField(answer: PostAnswer): string | null {
  try {
    const parsed = JSON.parse(answer.body) as Record<string, unknown>;
    return ["token", "user", "device"].find((field) => parsed[field] === "invalid") ?? null;
  } catch {
    return null;
  }
}

const ADVICE: Record<string, string> = {
  token:
    "The application's API token is wrong: copy it from your application's page at pushover.net/apps into this channel.",
  user: "The user or group key is wrong: copy your user key from your Pushover dashboard, or a delivery group's key, into this channel.",
  device:
    "No device of this user has that name: check the names in the Pushover app, or leave the device empty to reach all of them.",
};

/** The delivery log's sentence for an answer other than 2xx. */
export function pushoverRefusal(answer: PostAnswer): DeliveryError {
  const status = answer.statusCode;
  const words = errorsIn(answer);
  if (status === 429) {
    return new DeliveryError(
      `Pushover refused the message with 429${words}: this application has sent all the messages its monthly limit allows. Messages go through again next month, or once its limit is raised at pushover.net.`,
    );
  }
  const field = invalidField(answer);
  const advice = field ? ` ${ADVICE[field]}` : "";
  return new DeliveryError(`Pushover answered ${status}${words}.${advice}`);
}

const ok = (answer: PostAnswer) => answer.statusCode >= 200 && answer.statusCode < 300;

function client(deps: ProviderDeps<PushoverClient>): PushoverClient {
  if (!deps.client) throw new DeliveryError("Pushover is not set up on this server.");
  return deps.client;
}

async function send(
  delivery: Delivery,
  deps: ProviderDeps<PushoverClient>,
): Promise<DeliveryReceipt> {
  const answer = await sendJson(
    {
      url: `${client(deps).apiUrl}/1/messages.json`,
      body: pushoverMessage(delivery, delivery.channel.config),
    },
    deps,
  );
  if (ok(answer)) return { kind: "delivered" };
  throw pushoverRefusal(answer);
}

/** Stops the repeats of the alert's emergencies that nobody has acknowledged in Pushover yet. */
async function cancelEmergencies(
  delivery: Delivery,
  deps: ProviderDeps<PushoverClient>,
): Promise<PostAnswer | null> {
  if (!delivery.alertId) return null;
  const answer = await sendJson(
    {
      url: `${client(deps).apiUrl}/1/receipts/cancel_by_tag/${encodeURIComponent(delivery.alertId)}.json`,
      body: { token: delivery.channel.config.app_token ?? "" },
    },
    deps,
  );
  return answer;
}

const wasCritical = (message: NotificationMessage) => message.payload.alert.severity === "critical";

/**
 * Pushover: one message per notification. A critical alert is an emergency that repeats until
 * acknowledged in Pushover; its recovery, or its acknowledgement in Upwatch, stops the repeats.
 */
export const pushoverProvider: NotificationProvider<PushoverClient> = {
  setUp: {
    client: (config) => ({ apiUrl: config.pushoverApiUrl }),
    missing: "Pushover is not set up on this server: its operator needs to set PUSHOVER_API_URL.",
  },
  sendAlert: send,
  sendRecovery: async (delivery, deps) => {
    const receipt = await send(delivery, deps);
    if (!wasCritical(delivery.message)) return receipt;
    const cancelled = await cancelEmergencies(delivery, deps);
    if (cancelled && !ok(cancelled)) {
      throw new DeliveryError(
        `The recovery was sent, but Pushover did not stop the alert's emergency from repeating: ${pushoverRefusal(cancelled).message}`,
      );
    }
    return receipt;
  },
  sendAcknowledgement: async (delivery, deps) => {
    const cancelled = await cancelEmergencies(delivery, deps);
    if (cancelled && !ok(cancelled)) throw pushoverRefusal(cancelled);
    return { kind: "delivered" };
  },
};
