import { connect, createServer, type Socket } from "node:net";

/** A TCP link between the server and PostgreSQL on loopback that a test can cut and restore. */
export interface DatabaseLink {
  /** The database URL that goes through the link. */
  url: string;
  /** Ends every open connection and refuses new ones, as a database outage does. */
  cut(): Promise<void>;
  /** Accepts connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Opens a link to the PostgreSQL server of `databaseUrl` and answers its URL through the link. */
export async function openDatabaseLink(databaseUrl: string): Promise<DatabaseLink> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) =>
      server.listen(port, "127.0.0.1", () => {
        const address = server.address();
        port = typeof address === "object" && address ? address.port : 0;
        resolve();
      }),
    );
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  await listen();
  const url = new URL(databaseUrl);
  url.port = String(port);
  return { url: url.toString(), cut: stop, restore: listen, close: stop };
}
