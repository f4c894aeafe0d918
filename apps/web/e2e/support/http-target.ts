import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll } from "vitest";

/** A small web site on loopback for monitors to check, which can be stopped and started again. */
export interface HttpTarget {
  url: string;
  port: number;
  /** Answers 503 to every request while true, as a site in trouble does. */
  failing: boolean;
  /** Every request it was sent: path and headers. */
  requests: { url: string; headers: IncomingHttpHeaders }[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Starts the site on a free loopback port (the same port again after `stop` and `start`). */
export async function startHttpTarget(): Promise<HttpTarget> {
  let server: Server | undefined;
  let port = 0;
  const target: HttpTarget = {
    url: "",
    port: 0,
    failing: false,
    requests: [],
    async start() {
      const next = createServer((request, response) => {
        target.requests.push({ url: request.url ?? "", headers: request.headers });
        response.writeHead(target.failing ? 503 : 200, { "content-type": "text/plain" });
        response.end(target.failing ? "Service Unavailable" : `Hello from ${request.url}`);
      });
      await new Promise<void>((resolve, reject) => {
        next.once("error", reject);
        next.listen(port, "127.0.0.1", () => resolve());
      });
      server = next;
      port = (next.address() as { port: number }).port;
      target.port = port;
      target.url = `http://127.0.0.1:${port}`;
    },
    async stop() {
      const running = server;
      server = undefined;
      if (!running) return;
      running.closeAllConnections();
      await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
  await target.start();
  return target;
}

/** Starts a loopback site before the tests of the enclosing block and stops it after them. */
export function withHttpTarget(use: (target: HttpTarget) => void): void {
  let running: HttpTarget | undefined;
  beforeAll(async () => {
    running = await startHttpTarget();
    use(running);
  });
  afterAll(async () => {
    await running?.stop();
  });
}
