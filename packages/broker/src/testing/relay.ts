import { connect, createServer, type Server, type Socket } from "node:net";

/** A loopback TCP relay to Redis that can be cut and restored, as a network failure would. */
export async function relayTo(redisUrl: string) {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  const open = (port: number) =>
    new Promise<Server>((resolve) => {
      const server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("error", () => {});
          socket.on("close", () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => resolve(server));
    });
  let server = await open(0);
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The relay has no port.");
  const port = address.port;
  const cut = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    cut,
    /** Listens again on the same port. */
    restore: async () => {
      server = await open(port);
    },
    close: cut,
  };
}
