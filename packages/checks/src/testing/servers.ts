import { once } from "node:events";
import { createServer as createHttpServer, type RequestListener, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { createServer as createTcpServer, type Socket } from "node:net";
import type { TestCertificate } from "./certificates.ts";

/** A server listening on a loopback port, and how to stop it. */
export interface LoopbackServer {
  port: number;
  host: string;
  close(): Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1 (or the given loopback host) on a free port. */
export function startHttpServer(
  handler: RequestListener,
  host = "127.0.0.1",
): Promise<LoopbackServer> {
  return listen(createHttpServer(handler), host);
}

/** Starts an HTTPS server presenting `certificate`. */
export function startHttpsServer(
  certificate: TestCertificate,
  handler: RequestListener,
  host = "127.0.0.1",
): Promise<LoopbackServer> {
  return listen(createHttpsServer({ cert: certificate.cert, key: certificate.key }, handler), host);
}

/** A TCP server that accepts connections and never says anything (a hanging service). */
export function startSilentTcpServer(host = "127.0.0.1"): Promise<LoopbackServer> {
  return listen(
    createTcpServer(() => {}),
    host,
  );
}

/** A port on which nothing listens: taken, then released. */
export async function closedPort(host = "127.0.0.1"): Promise<number> {
  const server = await startSilentTcpServer(host);
  await server.close();
  return server.port;
}

async function listen(
  server: Server | ReturnType<typeof createTcpServer>,
  host: string,
): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("secureConnection", () => {});
  server.listen(0, host);
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The test server has no port.");
  return {
    port: address.port,
    host,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
