import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One webhook as it arrived. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback that keeps what it is sent. */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/upwatch`,
    received,
    /** Waits for a webhook whose payload has this `event`. */
    async next(event: string, timeoutMs = 15_000): Promise<ReceivedWebhook> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = received.find((hook) => JSON.parse(hook.body).event === event);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`No ${event} webhook arrived within ${timeoutMs} ms.`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Checks a webhook's signature the way the help centre tells receivers to: HMAC-SHA256 of
 * "{webhook-id}.{webhook-timestamp}.{body}" keyed with the base64 part of the `whsec_` secret.
 */
export function hasValidSignature(hook: ReceivedWebhook, secret: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signed = `${hook.headers["webhook-id"]}.${hook.headers["webhook-timestamp"]}.${hook.body}`;
  const expected = `v1,${createHmac("sha256", key).update(signed).digest("base64")}`;
  return String(hook.headers["webhook-signature"]).split(" ").includes(expected);
}
