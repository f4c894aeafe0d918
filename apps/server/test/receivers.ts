import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A request a receiver got, with its raw body as sent. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** Paths of slow requests still waiting for their answer when this one arrived. */
  slowInProgress: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

type Answer = (request: ReceivedRequest) => { status: number; body?: string; delayMs?: number };

/** A loopback HTTP server that keeps every request and answers as told. */
export async function startReceiver(answer: Answer): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  let slow = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry: ReceivedRequest = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        slowInProgress: slow,
      };
      received.push(entry);
      const { status, body = "", delayMs = 0 } = answer(entry);
      const reply = () => {
        if (!response.destroyed) response.writeHead(status).end(body);
      };
      if (delayMs === 0) return reply();
      slow += 1;
      setTimeout(() => {
        slow -= 1;
        reply();
      }, delayMs).unref();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Slack-shaped incoming webhook: `ok`, or Slack's error words for a dead webhook. */
export function startSlackReceiver(): Promise<Receiver> {
  return startReceiver((request) =>
    request.path.endsWith("/archived")
      ? { status: 410, body: "channel_is_archived" }
      : { status: 200, body: "ok" },
  );
}

/**
 * A fake SMS API with the Twilio Messages shape: POST /2010-04-01/Accounts/{sid}/Messages.json,
 * basic auth, a form body (To, From, Body); 201 with a message sid, or Twilio's error answer.
 */
export function startFakeSmsApi(account: { sid: string; token: string }): Promise<Receiver> {
  const expectedAuth = `Basic ${Buffer.from(`${account.sid}:${account.token}`).toString("base64")}`;
  let count = 0;
  return startReceiver((request) => {
    if (
      request.method !== "POST" ||
      request.path !== `/2010-04-01/Accounts/${account.sid}/Messages.json`
    ) {
      return {
        status: 404,
        body: JSON.stringify({ code: 20404, message: "The requested resource was not found" }),
      };
    }
    if (request.headers.authorization !== expectedAuth) {
      return { status: 401, body: JSON.stringify({ code: 20003, message: "Authenticate" }) };
    }
    const form = new URLSearchParams(request.body);
    const to = form.get("To") ?? "";
    if (!/^\+[1-9]\d{6,14}$/.test(to) || to === "+15005550001") {
      return {
        status: 400,
        body: JSON.stringify({
          code: 21211,
          message: `The 'To' number ${to} is not a valid phone number.`,
        }),
      };
    }
    count += 1;
    return {
      status: 201,
      body: JSON.stringify({ sid: `SM${String(count).padStart(32, "0")}`, status: "queued", to }),
    };
  });
}
