import { request as httpRequest } from "node:http";
import { CheckError, describeNetworkError } from "../check-error.ts";
import type { NetworkAccess } from "./network-access.ts";
import { describeEndpoint, openConnection } from "./open-connection.ts";
import { resolveTarget } from "./resolve-target.ts";

/** A POST (or a PUT) to a URL someone gave us (a webhook, a Slack incoming webhook). */
export interface GuardedPost {
  url: string;
  /** POST unless given: Matrix sends a room message with PUT. */
  method?: "POST" | "PUT";
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  network: NetworkAccess;
}

export interface PostAnswer {
  statusCode: number;
  /** The start of the answer's body (up to 2 KiB), for error messages. */
  body: string;
}

/** No complete answer arrived within the request's time limit. */
export class PostTimeoutError extends Error {
  override readonly name = "PostTimeoutError";
}

const ANSWER_LIMIT = 2048;
const USER_AGENT = "Upwatch-Webhooks/1.0";

/**
 * Sends one POST through the same guard as checks: the host is resolved, every address is
 * validated, and the request goes to a validated address (no rebinding). Redirects are not
 * followed. Throws PostTimeoutError after `timeoutMs`, or a CheckError with a sentence.
 */
export async function postThroughGuard(post: GuardedPost): Promise<PostAnswer> {
  const url = new URL(post.url);
  const secure = url.protocol === "https:";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  const endpoint = describeEndpoint({ host, port });
  const signal = AbortSignal.timeout(post.timeoutMs);
  const timeout = () => new PostTimeoutError(`No answer within ${post.timeoutMs / 1000} seconds.`);
  try {
    const connection = await openConnection(
      { host, port, tls: secure ? { verify: true } : undefined },
      post.network,
      signal,
    );
    return await new Promise<PostAnswer>((resolve, reject) => {
      const request = httpRequest({
        method: post.method ?? "POST",
        path: `${url.pathname}${url.search}`,
        headers: {
          host: url.host,
          "user-agent": USER_AGENT,
          "content-length": String(Buffer.byteLength(post.body)),
          connection: "close",
          ...post.headers,
        },
        createConnection: () => connection.socket,
        signal,
      });
      request.once("error", (error) => {
        connection.socket.destroy();
        reject(signal.aborted ? timeout() : new CheckError(describeNetworkError(error, endpoint)));
      });
      request.once("response", (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < ANSWER_LIMIT) chunks.push(chunk.subarray(0, ANSWER_LIMIT - size));
          size += chunk.length;
        });
        response.once("error", (error) => {
          connection.socket.destroy();
          reject(
            signal.aborted ? timeout() : new CheckError(describeNetworkError(error, endpoint)),
          );
        });
        response.once("end", () => {
          connection.socket.destroy();
          resolve({
            statusCode: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        });
      });
      request.end(post.body);
    });
  } catch (error) {
    if (error instanceof PostTimeoutError) throw error;
    if (signal.aborted) throw timeout();
    throw error instanceof CheckError
      ? error
      : new CheckError(describeNetworkError(error, endpoint));
  }
}

/**
 * Why a URL someone gave us cannot be used, as a sentence, or null when it can: it must be
 * http(s) and its host must resolve to an address the guard allows.
 */
export async function urlRefusal(value: string, network: NetworkAccess): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "The URL is not valid; it must start with https:// or http://.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return "The URL must start with https:// or http://.";
  }
  if (url.username || url.password) return "The URL must not contain a user name or password.";
  try {
    await resolveTarget(url.hostname.replace(/^\[|\]$/g, ""), network);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
