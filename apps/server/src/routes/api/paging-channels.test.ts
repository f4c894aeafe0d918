import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { callApi } from "../../../test/api-call.ts";
import {
  buildChannelApps,
  type ChannelApps,
  readStoredConfig,
  testOnStrict,
} from "../../../test/channel-apps.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { type FakeOpsgenie, startFakeOpsgenie } from "../../../test/fake-opsgenie.ts";
import { type FakePagerDuty, startFakePagerDuty } from "../../../test/fake-pagerduty.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("PagerDuty and Opsgenie channels", (db) => {
  let apps: ChannelApps;
  let pagerDuty: FakePagerDuty;
  let opsgenie: FakeOpsgenie;
  let enterprise: Account;

  beforeAll(async () => {
    [pagerDuty, opsgenie] = await Promise.all([startFakePagerDuty(), startFakeOpsgenie()]);
    apps = await buildChannelApps(db(), {
      PAGERDUTY_EVENTS_URL: pagerDuty.eventsUrl,
      OPSGENIE_API_URL: opsgenie.apiUrls.us,
      OPSGENIE_EU_API_URL: opsgenie.apiUrls.eu,
    });
  });
  beforeEach(async () => {
    enterprise = await createTestAccount(db(), "enterprise");
  });
  afterAll(async () => {
    await apps.close();
    await Promise.all([pagerDuty.close(), opsgenie.close()]);
  });

  const call = (
    method: "GET" | "POST" | "PATCH",
    url: string,
    payload?: object,
    server: FastifyInstance = apps.app,
    account = enterprise,
  ) => callApi(server, method, url, account, payload);
  const storedConfig = (id: string) => readStoredConfig(db(), id);
  const detailOf = async (type: string, config: object) =>
    (await call("POST", "/channels", { type, config })).body;

  describe("PagerDuty", () => {
    it("adds a service's integration key, masks and seals it, and tests it with an incident it resolves at once", async () => {
      const key = pagerDuty.keyFor("working");
      const created = await call("POST", "/channels", {
        type: "pagerduty",
        config: { routing_key: key },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        type: "pagerduty",
        name: "PagerDuty",
        config: { routing_key: "********" },
      });
      const kept = await call("PATCH", `/channels/${created.body.id}`, {
        config: created.body.config,
      });
      expect(kept.status).toBe(200);
      const stored = await storedConfig(created.body.id);
      expect(stored.sealed).not.toContain(key);
      expect(stored.opened).toEqual({ routing_key: key });

      const test = await call("POST", `/channels/${created.body.id}/test`);
      expect(test.body).toMatchObject({ status: "delivered", error: null });
      const [trigger, resolve] = pagerDuty.accepted.filter((event) => event.routing_key === key);
      expect(trigger).toMatchObject({
        event_action: "trigger",
        payload: { summary: "Test notification for PagerDuty", severity: "info" },
      });
      expect(resolve).toMatchObject({ event_action: "resolve", dedup_key: trigger?.dedup_key });
      expect(pagerDuty.incidents.get(trigger?.dedup_key ?? "")).toBe("resolved");
    });

    it("refuses a key that is not 32 letters and digits, with a sentence", async () => {
      expect(await detailOf("pagerduty", { routing_key: "abc-123" })).toEqual({
        detail:
          "config.routing_key must be the integration key of an Events API v2 integration in PagerDuty: 32 letters and digits.",
      });
      expect(await detailOf("pagerduty", {})).toEqual({
        detail:
          "config.routing_key must be the integration key of an Events API v2 integration in PagerDuty: 32 letters and digits.",
      });
    });

    it("answers a test PagerDuty refuses with its reason and what to do", async () => {
      const unknown = await call("POST", "/channels", {
        type: "pagerduty",
        config: { routing_key: "a".repeat(32) },
      });
      expect((await call("POST", `/channels/${unknown.body.id}/test`)).body).toMatchObject({
        status: "failed",
        error:
          "PagerDuty refused the event as invalid (400): Invalid routing key. Copy the integration key again from the service's Events API V2 integration in PagerDuty.",
      });
      const limited = await call("POST", "/channels", {
        type: "pagerduty",
        config: { routing_key: pagerDuty.keyFor("rate-limited") },
      });
      expect((await call("POST", `/channels/${limited.body.id}/test`)).body).toMatchObject({
        status: "failed",
        error:
          "PagerDuty limited the rate of events for this integration key (429) and did not take this one.",
      });
    });
  });

  describe("Opsgenie", () => {
    it("adds an EU integration's key, masks and seals it, and tests it with an alert it closes at once", async () => {
      const key = opsgenie.keyFor("working", "eu");
      const created = await call("POST", "/channels", {
        type: "opsgenie",
        name: "Opsgenie on-call",
        config: { api_key: key, region: "eu" },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        type: "opsgenie",
        name: "Opsgenie on-call",
        config: { api_key: "********", region: "eu" },
      });
      const stored = await storedConfig(created.body.id);
      expect(stored.sealed).not.toContain(key);
      expect(stored.opened).toEqual({ api_key: key, region: "eu" });

      const test = await call("POST", `/channels/${created.body.id}/test`);
      expect(test.body).toMatchObject({ status: "delivered", error: null });
      const [create, close] = opsgenie.accepted.slice(-2);
      expect(create).toMatchObject({
        instance: "eu",
        action: "create",
        body: { message: "Test notification for Opsgenie on-call", priority: "P5" },
      });
      expect(close).toMatchObject({ instance: "eu", action: "close", alias: create?.alias });
    });

    it("takes the US instance when none is given", async () => {
      const created = await call("POST", "/channels", {
        type: "opsgenie",
        config: { api_key: opsgenie.keyFor("working") },
      });
      expect(created.body.config).toEqual({ api_key: "********", region: "us" });
      const test = await call("POST", `/channels/${created.body.id}/test`);
      expect(test.body).toMatchObject({ status: "delivered" });
      expect(opsgenie.accepted.at(-1)).toMatchObject({ instance: "us" });
    });

    it("refuses a key that is no API key and an instance that does not exist, with sentences", async () => {
      expect(await detailOf("opsgenie", { api_key: "my key" })).toEqual({
        detail:
          "config.api_key must be the API key of an API integration in Opsgenie, such as eb243592-faa2-4ba2-a551-1afdf565c889.",
      });
      expect(
        await detailOf("opsgenie", { api_key: opsgenie.keyFor("working"), region: "ap" }),
      ).toEqual({ detail: "config.region must be us or eu." });
    });

    it("answers a test with a key of the other instance with Opsgenie's refusal and the way out", async () => {
      const created = await call("POST", "/channels", {
        type: "opsgenie",
        config: { api_key: opsgenie.keyFor("working", "eu"), region: "us" },
      });
      expect((await call("POST", `/channels/${created.body.id}/test`)).body).toMatchObject({
        status: "failed",
        error:
          "Opsgenie did not accept the API key (401: Could not authenticate): copy the key of an API integration that is turned on, and choose the instance, US or EU, the account is on.",
      });
    });
  });

  it("keeps both off the plans below Enterprise+", async () => {
    const business = await createTestAccount(db(), "business");
    for (const [type, config] of [
      ["pagerduty", { routing_key: pagerDuty.keyFor("working") }],
      ["opsgenie", { api_key: opsgenie.keyFor("working") }],
    ] as const) {
      const refused = await call("POST", "/channels", { type, config }, apps.app, business);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(
        /^(PagerDuty|Opsgenie) alerts need the Enterprise\+ plan or above; the Business plan does not include them\.$/,
      );
    }
  });

  it("refuses to send to a private address unless the operator allows it", async () => {
    const before = pagerDuty.received.length;
    const test = await testOnStrict(apps.strict, enterprise, {
      type: "pagerduty",
      config: { routing_key: pagerDuty.keyFor("working") },
    });
    expect(test).toMatchObject({
      status: "failed",
      error: expect.stringMatching(
        /^Refused to connect to 127\.0\.0\.1: it is a loopback address\./,
      ),
    });
    expect(pagerDuty.received).toHaveLength(before);
  });
});
