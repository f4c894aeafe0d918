import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp, testConfig } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { buildApp } from "../../wiring/app.ts";
import { rotateSecretsKey } from "./rotate-secrets-key.ts";

const NEW_KEY = "bmV3IHRlc3Qga2V5IGFmdGVyIHRoZSByb3RhdGlvbiE=";

describeEachDatabase("rotating the secrets key", (db) => {
  let app: FastifyInstance;
  let account: Awaited<ReturnType<typeof createTestAccount>>;
  let before: { channel: unknown; monitor: unknown };
  let ids: { channel: string; monitor: string };

  const api = async (method: "GET" | "POST" | "PATCH", url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
    return response.json();
  };

  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { ALLOW_PRIVATE_TARGETS: "true" } });
    account = await createTestAccount(db(), "hobby");
    const channel = await api("POST", "/channels", {
      type: "webhook",
      config: { url: "http://127.0.0.1:9/hooks" },
    });
    const monitor = await api("POST", "/monitors", {
      type: "http",
      name: "Basic",
      target: "https://example.com/",
      options: { auth: { type: "basic", username: "ops", password: "hunter2" } },
    });
    ids = { channel: channel.id, monitor: monitor.id };
    before = {
      channel: await api("GET", `/channels/${channel.id}`),
      monitor: await api("GET", `/monitors/${monitor.id}`),
    };
    await app.close();
  });
  afterAll(async () => {
    await app.close();
  });

  it("re-encrypts every stored secret under the new key and says what to set", async () => {
    const told = await rotateSecretsKey(testConfig(), db().handle.db, NEW_KEY);
    expect(told).toMatch(
      /^Re-encrypted 4 stored secrets from key [0-9a-f]{8} to key ([0-9a-f]{8})\. Before the server starts again, set SECRETS_KEY to the value of NEW_SECRETS_KEY\.\n$/,
    );
    const newId = /to key ([0-9a-f]{8})/.exec(told)![1];
    const channels = await db()
      .handle.db.selectFrom("channels")
      .select(["config", "secret"])
      .execute();
    const monitors = await db().handle.db.selectFrom("monitors").select("options").execute();
    const values = [
      ...channels.flatMap((row) => [row.config, row.secret].filter((v) => v !== null)),
      ...monitors.map((row) => row.options),
    ];
    expect(values).toHaveLength(4);
    for (const value of values) expect(value).toMatch(new RegExp(`^enc:v1:${newId}:`));
  });

  it("leaves a server with the new key answering as before", async () => {
    app = await buildTestApp(db(), {
      env: { ALLOW_PRIVATE_TARGETS: "true", SECRETS_KEY: NEW_KEY },
    });
    expect(await api("GET", `/channels/${ids.channel}`)).toEqual(before.channel);
    expect(await api("GET", `/monitors/${ids.monitor}`)).toEqual(before.monitor);
  });

  it("stops a server still given the old key with a sentence saying what to set", async () => {
    const start = buildApp({ config: testConfig(), database: db().handle });
    await expect(start).rejects.toThrow(
      /^SECRETS_KEY \(key [0-9a-f]{8}\) is not the key the stored secrets are encrypted with \(key [0-9a-f]{8}\): set SECRETS_KEY to that key, or after a rotation to the new key the rotation printed\.$/,
    );
  });
});
