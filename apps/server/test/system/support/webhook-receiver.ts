import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback webhook receiver that keeps every payload it is sent. */
export async function startWebhookReceiver<Payload>() {
  const received: Payload[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      received.push(JSON.parse(body) as Payload);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/upwatch`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver<Payload> = Awaited<ReturnType<typeof startWebhookReceiver<Payload>>>;
