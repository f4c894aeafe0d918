import { randomBytes, randomInt } from "node:crypto";
import { type Answer, isRecord, json } from "./fake-chat-webhooks.ts";
import { type ReceivedRequest, type Receiver, startReceiver } from "./receivers.ts";

/** How a bot's token answers: it works, or it meets one of Telegram's refusals. */
export type TelegramBotKind = "working" | "revoked" | "blocked" | "rate-limited" | "failing";

/** A message the fake accepted: the request's JSON and the text as a person reads it. */
export interface TelegramMessage {
  body: Record<string, unknown>;
  text: string;
}

/** A fake of Telegram's Bot API, with the bot tokens and chats it knows. */
export interface FakeTelegram extends Receiver {
  /** A bot token that answers as `kind` says. */
  tokenFor(kind: TelegramBotKind): string;
  /** The chat ID of a group the bots are members of. */
  chat(): string;
  /** A group that became a supergroup, which Telegram answers with its new chat ID. */
  readonly upgradedGroup: { chatId: string; newChatId: number };
  accepted: TelegramMessage[];
}

/** Telegram's documented limit on a message's text after entities are parsed, in UTF-16 units. */
export const TELEGRAM_TEXT_LIMIT = 4096;

const TAGS = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "a",
  "code",
  "pre",
  "blockquote",
  "span",
  "tg-spoiler",
  "tg-emoji",
]);
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };
const TAG = /^<(\/?)([a-z-]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*>/;
const ENTITY = /^&(lt|gt|amp|quot|#\d{1,7}|#x[0-9a-fA-F]{1,6});/;

const refusal = (status: number, description: string, parameters?: object) =>
  json(status, {
    ok: false,
    error_code: status,
    description,
    ...(parameters ? { parameters } : {}),
  });
const cannotParse = (what: string) => refusal(400, `Bad Request: can't parse entities: ${what}`);

/** The text of a parse_mode HTML message as Telegram shows it, or its answer to bad HTML. */
function htmlText(html: string): string | Answer {
  const open: string[] = [];
  let text = "";
  let at = 0;
  while (at < html.length) {
    const rest = html.slice(at);
    const char = html.charAt(at);
    if (char === "<") {
      const tag = TAG.exec(rest);
      if (!tag || !TAGS.has(tag[2] ?? ""))
        return cannotParse(`Unsupported start tag at byte offset ${at}`);
      if (tag[1]) {
        if (open.pop() !== tag[2]) return cannotParse(`Unexpected end tag at byte offset ${at}`);
      } else {
        if (tag[2] === "a" && !/\shref="[^"]+"/.test(tag[3] ?? ""))
          return cannotParse("a link without href");
        open.push(tag[2] ?? "");
      }
      at += tag[0].length;
    } else if (char === "&") {
      const entity = ENTITY.exec(rest);
      if (!entity) return cannotParse(`Character '&' is reserved at byte offset ${at}`);
      const name = entity[1] ?? "";
      const code = name.startsWith("#x")
        ? Number.parseInt(name.slice(2), 16)
        : Number(name.slice(1));
      text += NAMED[name] ?? String.fromCodePoint(code);
      at += entity[0].length;
    } else if (char === ">") {
      return cannotParse(`Character '>' is reserved at byte offset ${at}`);
    } else {
      text += char;
      at += 1;
    }
  }
  return open.length
    ? cannotParse(`Can't find end tag corresponding to start tag "${open.at(-1)}"`)
    : text;
}

/** The text a sendMessage body shows, or Telegram's answer to a body it cannot take. */
function messageText(body: Record<string, unknown>, chats: Set<string>): string | Answer {
  const chatId = body.chat_id;
  if (typeof chatId !== "string" && typeof chatId !== "number") {
    return refusal(400, "Bad Request: chat_id is empty");
  }
  if (!chats.has(String(chatId))) return refusal(400, "Bad Request: chat not found");
  if (typeof body.text !== "string") return refusal(400, "Bad Request: message text is empty");
  if (body.parse_mode !== undefined && body.parse_mode !== "HTML") {
    return refusal(400, "Bad Request: unsupported parse_mode");
  }
  if (body.link_preview_options !== undefined && !isRecord(body.link_preview_options)) {
    return refusal(400, "Bad Request: can't parse link preview options");
  }
  const text = body.parse_mode === "HTML" ? htmlText(body.text) : body.text;
  if (typeof text !== "string") return text;
  if (!text.trim()) return refusal(400, "Bad Request: message text is empty");
  if (text.length > TELEGRAM_TEXT_LIMIT) return refusal(400, "Bad Request: message is too long");
  return text;
}

type Parsed = { body: Record<string, unknown> } | { answer: Answer };

/** The JSON object a request posts, or Telegram's answer to one that posts none. */
function parsedBody(request: ReceivedRequest): Parsed {
  if (request.method !== "POST") return { answer: refusal(405, "Method Not Allowed") };
  if (!/^application\/json\b/.test(request.headers["content-type"] ?? "")) {
    return { answer: refusal(400, "Bad Request: message text is empty") };
  }
  try {
    const body: unknown = JSON.parse(request.body);
    if (isRecord(body)) return { body };
  } catch {}
  return { answer: refusal(400, "Bad Request: can't parse JSON") };
}

/**
 * A fake of the Bot API's sendMessage: POST /bot{token}/sendMessage with a JSON body. A known
 * token in a known chat whose text keeps Telegram's rules answers `{ok: true, result}`; any
 * other answer is Telegram's `{ok: false, error_code, description}`: 401 for an unknown or
 * revoked token, 403 for a bot blocked by the user, 400 for an unknown chat or bad HTML, 429
 * with `parameters.retry_after`, and 500 for a token told to fail.
 */
export async function startFakeTelegram(): Promise<FakeTelegram> {
  const accepted: TelegramMessage[] = [];
  const tokens = new Map<string, TelegramBotKind>();
  const chats = new Set<string>(["@upwatch_alerts"]);
  const upgradedGroup = { chatId: "-4012345678", newChatId: -1004012345678 };
  const receiver = await startReceiver((request) => {
    const path = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.path);
    if (!path) return refusal(404, "Not Found");
    const kind = tokens.get(path[1] ?? "");
    if (kind === undefined || kind === "revoked") return refusal(401, "Unauthorized");
    if (path[2] !== "sendMessage") return refusal(404, "Not Found");
    if (kind === "blocked") return refusal(403, "Forbidden: bot was blocked by the user");
    if (kind === "rate-limited") {
      return refusal(429, "Too Many Requests: retry after 35", { retry_after: 35 });
    }
    if (kind === "failing") return refusal(500, "Internal Server Error");
    const parsed = parsedBody(request);
    if ("answer" in parsed) return parsed.answer;
    const { body } = parsed;
    if (String(body.chat_id) === upgradedGroup.chatId) {
      return refusal(400, "Bad Request: group chat was upgraded to a supergroup chat", {
        migrate_to_chat_id: upgradedGroup.newChatId,
      });
    }
    const text = messageText(body, chats);
    if (typeof text !== "string") return text;
    accepted.push({ body, text });
    return json(200, {
      ok: true,
      result: { message_id: accepted.length, chat: { id: body.chat_id }, date: 1730538867, text },
    });
  });
  return {
    ...receiver,
    accepted,
    upgradedGroup,
    tokenFor: (kind) => {
      const token = `${randomInt(1e8, 1e10)}:AA${randomBytes(24).toString("base64url")}`;
      tokens.set(token, kind);
      return token;
    },
    chat: () => {
      const chatId = `-100${randomInt(1e9, 1e10)}`;
      chats.add(chatId);
      return chatId;
    },
  };
}
