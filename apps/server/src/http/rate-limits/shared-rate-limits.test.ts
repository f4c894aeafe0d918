import type { FastifyInstance } from "fastify";
import { afterAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase, type TestDatabase } from "../../../test/databases.ts";
import { type TestRateLimitStore, testRateLimitStores } from "../../../test/rate-limit-stores.ts";

const message = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Technical Support",
  message: "My HTTPS monitor says the certificate expired, but it renews tonight.",
};
const TOO_MANY = "Too many submissions from your address. Please try again in 10 minutes.";

const stores = testRateLimitStores();

describeEachDatabase("rate limits", (db) => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(stores.map((store) => store.clean()));
  });

  /** An app instance, as one server process of several would be, counting in the given store. */
  async function serverProcess(
    database: TestDatabase,
    store: TestRateLimitStore,
    keyPrefix: string,
  ) {
    const app = await buildTestApp(database, {
      env: { ...store.env, FORMS_RATE_LIMIT: "3", FORMS_RATE_WINDOW_SECONDS: "600" },
      rateLimitKeyPrefix: keyPrefix,
    });
    apps.push(app);
    return app;
  }

  const submit = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({ method: "POST", url: "/public/contact", payload: message, remoteAddress });

  for (const store of stores) {
    it(`keeps another visitor's allowance whole while one visitor floods a form (${store.name})`, async () => {
      const app = await serverProcess(db(), store, store.newKeyPrefix());
      expect((await submit(app, "127.0.10.2")).statusCode).toBe(201);
      for (let attempt = 0; attempt < 40; attempt++) await submit(app, "127.0.10.1");
      const flooder = await submit(app, "127.0.10.1");
      expect(flooder.statusCode).toBe(429);
      expect(flooder.json()).toEqual({ detail: TOO_MANY });

      expect((await submit(app, "127.0.10.2")).statusCode).toBe(201);
      expect((await submit(app, "127.0.10.2")).statusCode).toBe(201);
      const fourth = await submit(app, "127.0.10.2");
      expect(fourth.statusCode).toBe(429);
      expect(fourth.headers["retry-after"]).toBe("600");
    });
  }

  for (const store of stores.filter((candidate) => candidate.shared)) {
    it(`counts one visitor's submissions to two server processes together (${store.name})`, async () => {
      const keyPrefix = store.newKeyPrefix();
      const first = await serverProcess(db(), store, keyPrefix);
      const second = await serverProcess(db(), store, keyPrefix);
      expect((await submit(first, "127.0.11.1")).statusCode).toBe(201);
      expect((await submit(second, "127.0.11.1")).statusCode).toBe(201);
      expect((await submit(first, "127.0.11.1")).statusCode).toBe(201);

      const refused = await submit(second, "127.0.11.1");
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBe("600");
      expect(refused.json()).toEqual({ detail: TOO_MANY });
      expect((await submit(first, "127.0.11.1")).statusCode).toBe(429);
      expect((await submit(second, "127.0.11.2")).statusCode).toBe(201);
    });

    it(`counts an API key's requests to two server processes against one allowance (${store.name})`, async () => {
      const keyPrefix = store.newKeyPrefix();
      const first = await serverProcess(db(), store, keyPrefix);
      const second = await serverProcess(db(), store, keyPrefix);
      const account = await createTestAccount(db(), "free");
      const get = (app: FastifyInstance) =>
        app.inject({ method: "GET", url: "/api/v1/account", headers: account.headers });

      expect((await get(first)).headers["x-ratelimit-remaining"]).toBe("99");
      const fromSecond = await get(second);
      expect(fromSecond.headers["x-ratelimit-limit"]).toBe("100");
      expect(fromSecond.headers["x-ratelimit-remaining"]).toBe("98");
      const nextHour = Math.ceil(Date.now() / 3_600_000) * 3600;
      expect(Number(fromSecond.headers["x-ratelimit-reset"])).toBe(nextHour);
    });
  }
});
