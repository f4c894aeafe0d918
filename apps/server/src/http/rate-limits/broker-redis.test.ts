import type { FastifyInstance } from "fastify";
import { afterAll, expect, it } from "vitest";
import { testConfig } from "../../../test/app.ts";
import { describeEachDatabase, type TestDatabase } from "../../../test/databases.ts";
import { testRateLimitStores } from "../../../test/rate-limit-stores.ts";
import type { Config } from "../../config.ts";
import { buildApp } from "../../wiring/app.ts";

const message = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Technical Support",
  message: "My HTTPS monitor says the certificate expired, but it renews tonight.",
};

const redis = testRateLimitStores().find((store) => store.shared);

/** A server configured with a broker and no REDIS_URL. */
async function withBroker(database: TestDatabase, brokerUrl: string, keyPrefix: string) {
  const base = testConfig({ FORMS_RATE_LIMIT: "1" });
  const config = { ...base, regions: { localRegion: "us-west-1", brokerUrl } } as Config;
  const app = await buildApp({
    config,
    database: database.handle,
    startOutboxWorker: false,
    startAlerting: false,
    rateLimitKeyPrefix: keyPrefix,
  });
  await app.ready();
  return app;
}

describeEachDatabase("rate limits on a deployment with a broker", (db) => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await redis?.clean();
  });

  it("refuses to start, naming BROKER_URL, when the broker's Redis does not answer", async () => {
    await expect(withBroker(db(), "redis://127.0.0.1:1", "upwatch-test:")).rejects.toThrowError(
      /^the Redis server in BROKER_URL is unreachable \(/,
    );
  });

  if (redis) {
    it("counts a visitor's submissions to two server processes together in the broker's Redis", async () => {
      const prefix = redis.newKeyPrefix();
      const first = await withBroker(db(), redis.env.REDIS_URL!, prefix);
      const second = await withBroker(db(), redis.env.REDIS_URL!, prefix);
      apps.push(first, second);
      const submit = (app: FastifyInstance) =>
        app.inject({ method: "POST", url: "/public/contact", payload: message });
      expect((await submit(first)).statusCode).toBe(201);
      expect((await submit(second)).statusCode).toBe(429);
    });
  }
});
