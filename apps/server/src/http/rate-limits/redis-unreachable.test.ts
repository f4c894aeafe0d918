import { connect, createServer, type Socket } from "node:net";
import { expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { testRateLimitStores } from "../../../test/rate-limit-stores.ts";

const message = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Technical Support",
  message: "My HTTPS monitor says the certificate expired, but it renews tonight.",
};

/** A loopback TCP relay to Redis that can be cut, as a network failure would. */
async function relayTo(redisUrl: string) {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The relay has no port.");
  return {
    url: `redis://127.0.0.1:${address.port}`,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

const redis = testRateLimitStores().find((store) => store.shared);

describeEachDatabase("rate limits when Redis is away", (db) => {
  it("refuses to start, naming REDIS_URL, when Redis does not answer", async () => {
    await expect(
      buildTestApp(db(), { env: { REDIS_URL: "redis://127.0.0.1:1" } }),
    ).rejects.toThrowError(/^the Redis server in REDIS_URL is unreachable \(/);
  });

  if (redis) {
    it("keeps taking submissions, uncounted, while Redis stops answering", async () => {
      const relay = await relayTo(redis.env.REDIS_URL!);
      const app = await buildTestApp(db(), {
        env: { REDIS_URL: relay.url, FORMS_RATE_LIMIT: "1" },
        rateLimitKeyPrefix: redis.newKeyPrefix(),
      });
      const submit = () => app.inject({ method: "POST", url: "/public/contact", payload: message });
      expect((await submit()).statusCode).toBe(201);
      expect((await submit()).statusCode).toBe(429);
      await relay.cut();
      expect((await submit()).statusCode).toBe(201);
      expect((await submit()).statusCode).toBe(201);
      await app.close();
      await redis.clean();
    });
  }
});
