import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A message a fake chat service took, parsed, with the path it was posted to. */
export interface TakenMessage {
  path: string;
  body: Record<string, unknown>;
}

export interface FakeChatService {
  url: string;
  /** The messages it accepted, in order. */
  taken: TakenMessage[];
  /** Why it refused each request that broke the service's documented format. */
  refused: string[];
  close(): Promise<void>;
}

/** The service's answer; `problem` records a refusal for breaking the documented format. */
export type Reply = { status: number; json?: unknown; text?: string; problem?: string };

/** The service's answer to a POST whose body is a JSON object. */
export type HandleMessage = (path: string, body: Record<string, unknown>) => Reply;

/** Characters as the services count them: code points. */
export const characters = (value: unknown) =>
  typeof value === "string" ? Array.from(value).length : 0;

function send(response: ServerResponse, reply: Reply) {
  if (reply.json !== undefined) {
    response.writeHead(reply.status, { "content-type": "application/json" });
    response.end(JSON.stringify(reply.json));
    return;
  }
  response.writeHead(reply.status, reply.text ? { "content-type": "text/plain" } : {});
  response.end(reply.text ?? "");
}

/**
 * A loopback chat webhook: it refuses anything but a POST of a JSON object sent as
 * application/json, and hands the rest to `handle`, keeping what it accepted.
 */
export async function startFakeJsonWebhook(handle: HandleMessage): Promise<FakeChatService> {
  const taken: TakenMessage[] = [];
  const refused: string[] = [];
  const answer = (request: IncomingMessage, raw: string): Reply => {
    if (request.method !== "POST") {
      return { status: 405, problem: `${request.method} instead of POST` };
    }
    if (!request.headers["content-type"]?.startsWith("application/json")) {
      return { status: 415, problem: "the body is not sent as application/json" };
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return { status: 400, problem: "the body is not JSON" };
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return { status: 400, problem: "the body is not a JSON object" };
    }
    const path = request.url ?? "";
    const reply = handle(path, body as Record<string, unknown>);
    if (reply.status >= 200 && reply.status < 300) {
      taken.push({ path, body: body as Record<string, unknown> });
    }
    return reply;
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const reply = answer(request, Buffer.concat(chunks).toString("utf8"));
      if (reply.problem) refused.push(reply.problem);
      send(response, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    taken,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
