import type { PostAnswer } from "@upwatch/checks";
import type { NotificationMessage } from "../../alerting/index.ts";
import {
  type Delivery,
  DeliveryError,
  type DeliveryReceipt,
  type NotificationProvider,
  type ProviderDeps,
} from "../provider.ts";
import { answerField } from "./error-answer.ts";
import { deliverJson } from "./post-json.ts";
import { linesAsHtml, linesAsText, shortMessageLines } from "./short-message.ts";

/** The m.room.message event: the lines as plain text and as Matrix's HTML. */
export function matrixMessage(event: Delivery["event"], message: NotificationMessage) {
  const lines = shortMessageLines(event, message, "This Matrix room");
  return {
    msgtype: "m.text",
    body: linesAsText(lines),
    format: "org.matrix.custom.html",
    formatted_body: linesAsHtml(lines, "<br>"),
  };
}

/**
 * Where one notification is sent: the room's send endpoint with the notification's id as the
 * transaction id, so that the homeserver posts a repeated attempt only once.
 */
export function matrixSendUrl(config: Record<string, string>, notificationId: string): string {
  const homeserver = (config.homeserver ?? "").replace(/\/+$/, "");
  const room = encodeURIComponent(config.room_id ?? "");
  return `${homeserver}/_matrix/client/v3/rooms/${room}/send/m.room.message/${encodeURIComponent(notificationId)}`;
}

/** What to do about each error code a homeserver explains. */
const ADVICE: Record<string, string> = {
  M_UNKNOWN_TOKEN:
    " The access token is wrong or its session was signed out: sign in as the bot user, copy a new access token and paste it into this channel.",
  M_MISSING_TOKEN: " Paste the bot user's access token into this channel.",
  M_FORBIDDEN:
    " The bot user is not in the room or may not post there: invite it, join the room as the bot, then send a test.",
  M_NOT_FOUND: " Check the room ID, and that the homeserver URL is the bot user's homeserver.",
  M_UNRECOGNIZED: " The homeserver URL does not point at a Matrix homeserver's client API.",
};

/** The delivery log's sentence for an answer other than 2xx. */
export function matrixRefusal(answer: PostAnswer): DeliveryError {
  const code = answerField(answer, "errcode");
  const said = answerField(answer, "error");
  if (answer.statusCode === 429) {
    const wait = answerField(answer, "retry_after_ms");
    const asked = typeof wait === "number" ? ` and asked to wait ${Math.ceil(wait / 1000)} s` : "";
    return new DeliveryError(
      `The Matrix homeserver limited the rate of messages from the bot user (429)${asked}.`,
    );
  }
  const words = [typeof code === "string" ? code : null, typeof said === "string" ? said : null]
    .filter((part) => part !== null)
    .join(": ")
    .slice(0, 200)
    .replace(/\.$/, "");
  const advice = typeof code === "string" ? (ADVICE[code] ?? "") : "";
  return new DeliveryError(
    `The Matrix homeserver answered ${answer.statusCode}${words ? ` (${words})` : ""}.${advice}`,
  );
}

async function sendToMatrix(delivery: Delivery, deps: ProviderDeps): Promise<DeliveryReceipt> {
  const { config } = delivery.channel;
  return deliverJson(
    {
      url: matrixSendUrl(config, delivery.id),
      method: "PUT",
      headers: { authorization: `Bearer ${config.access_token ?? ""}` },
      body: matrixMessage(delivery.event, delivery.message),
    },
    deps,
    matrixRefusal,
  );
}

/** Matrix rooms: one message per notification, alert or recovery, sent as a bot user. */
export const matrixProvider: NotificationProvider = {
  sendAlert: sendToMatrix,
  sendRecovery: sendToMatrix,
};
