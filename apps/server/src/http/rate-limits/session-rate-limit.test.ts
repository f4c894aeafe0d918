import type { FastifyInstance } from "fastify";
import { afterAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { openEventStream } from "../../../test/event-stream-client.ts";
import { testRateLimitStores } from "../../../test/rate-limit-stores.ts";
import { registerUser, type TestSession } from "../../../test/sessions.ts";

const stores = testRateLimitStores();
const TOO_MANY =
  /^Your account has sent more than 5 requests from the app in a minute\. Please wait (60|59) seconds and try again\.$/;

describeEachDatabase("the signed-in app's request allowance", (db) => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(stores.map((store) => store.clean()));
  });

  const getAccount = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: "GET", url: "/api/v1/account", headers });

  async function spend(app: FastifyInstance, user: TestSession, requests: number) {
    for (let request = 0; request < requests; request++) {
      expect((await getAccount(app, user.cookie)).statusCode).toBe(200);
    }
  }

  for (const store of stores) {
    async function appWithAllowance(perMinute: string) {
      const app = await buildTestApp(db(), {
        env: { ...store.env, SESSION_RATE_LIMIT: perMinute },
        rateLimitKeyPrefix: store.newKeyPrefix(),
      });
      apps.push(app);
      return app;
    }

    it(`refuses a session past the account's allowance with a sentence and Retry-After (${store.name})`, async () => {
      const app = await appWithAllowance("5");
      const user = await registerUser(app);
      await spend(app, user, 5);

      const refused = await getAccount(app, user.cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(TOO_MANY);
      expect(["59", "60"]).toContain(refused.headers["retry-after"]);
      const change = await app.inject({
        method: "POST",
        url: "/api/v1/monitors",
        headers: user.headers,
        payload: { type: "http", name: "Shop", target: "https://shop.example.com/" },
      });
      expect(change.statusCode).toBe(429);
    });

    it(`keeps another account's sessions whole while one account's session is refused (${store.name})`, async () => {
      const app = await appWithAllowance("5");
      const scripted = await registerUser(app);
      const other = await registerUser(app);
      await spend(app, scripted, 5);
      expect((await getAccount(app, scripted.cookie)).statusCode).toBe(429);

      await spend(app, other, 5);
      expect((await getAccount(app, other.cookie)).statusCode).toBe(429);
    });

    it(`still opens the live update stream of a session whose allowance is spent (${store.name})`, async () => {
      const app = await appWithAllowance("5");
      const base = await app.listen({ port: 0, host: "127.0.0.1" });
      const user = await registerUser(app);
      await spend(app, user, 5);
      expect((await getAccount(app, user.cookie)).statusCode).toBe(429);

      const stream = await openEventStream(`${base}/api/v1/events`, user.cookie);
      expect(stream.response.statusCode).toBe(200);
      stream.close();
    });

    it(`counts API-key requests against the plan's hourly allowance only, not the app's (${store.name})`, async () => {
      const app = await appWithAllowance("5");
      const user = await registerUser(app);
      const created = await app.inject({
        method: "POST",
        url: "/api/v1/api-keys",
        headers: user.headers,
        payload: { name: "Script" },
      });
      const key = { authorization: `Bearer ${created.json().key}` };
      await spend(app, user, 4);
      expect((await getAccount(app, user.cookie)).statusCode).toBe(429);

      for (let request = 1; request <= 10; request++) {
        const answer = await getAccount(app, key);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers["x-ratelimit-limit"]).toBe("100");
        expect(answer.headers["x-ratelimit-remaining"]).toBe(String(100 - request));
      }
    });
  }
});
