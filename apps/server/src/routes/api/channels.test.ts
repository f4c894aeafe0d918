import { createAddressPolicy } from "@upwatch/checks";
import { testNetwork } from "@upwatch/checks/testing";
import { ALERT_CHANNELS } from "@upwatch/core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { openStored } from "../../../test/secrets.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("the channels API", (db) => {
  let app: FastifyInstance;
  let strict: FastifyInstance;
  let hobby: Account;
  let free: Account;

  beforeAll(async () => {
    const hosts = { "hooks.example.com": ["93.184.215.14"] };
    app = await buildTestApp(db(), {
      env: { SMS_ACCOUNT_SID: "AC1", SMS_AUTH_TOKEN: "token", SMS_FROM: "+15550100" },
      network: testNetwork({ hosts }),
    });
    strict = await buildTestApp(db(), {
      network: testNetwork({ hosts, policy: createAddressPolicy({ allowPrivateTargets: false }) }),
    });
    hobby = await createTestAccount(db(), "hobby");
    free = await createTestAccount(db(), "free");
  });
  afterAll(async () => {
    await app.close();
    await strict.close();
  });

  const call = async (
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    account: Account,
    payload?: object,
    server = app,
  ) => {
    const response = await server.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };

  it("starts every account with its owner's address, used by new monitors", async () => {
    const channels = (await call("GET", "/channels", free)).body.data;
    expect(channels).toEqual([
      expect.objectContaining({
        type: "email",
        attach_to_new_monitors: true,
        signing_secret: null,
        config: { address: expect.stringMatching(/^owner-.*@example\.com$/) },
      }),
    ]);
    const monitor = (
      await call("POST", "/monitors", free, {
        type: "http",
        name: "Home",
        target: "https://example.com/",
      })
    ).body;
    const used = (await call("GET", `/monitors/${monitor.id}/channels`, free)).body.data;
    expect(used.map((c: { id: string }) => c.id)).toEqual([channels[0].id]);
  });

  it("shows a webhook's signing secret once, then masked", async () => {
    const created = await call("POST", "/channels", hobby, {
      type: "webhook",
      name: "On-call",
      config: { url: "https://hooks.example.com/upwatch" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^chn_/),
      type: "webhook",
      name: "On-call",
      config: { url: "https://hooks.example.com/upwatch" },
      signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
      attach_to_new_monitors: false,
      monitor_ids: [],
    });
    const secret = Buffer.from(created.body.signing_secret.slice(6), "base64");
    expect(secret).toHaveLength(32);
    const read = await call("GET", `/channels/${created.body.id}`, hobby);
    expect(read.body.signing_secret).toBe("whsec_********");
    expect(JSON.stringify((await call("GET", "/channels", hobby)).body)).not.toContain(
      created.body.signing_secret,
    );
  });

  it("masks a Slack URL, keeps it when the mask is sent back, and replaces it when changed", async () => {
    const url = "https://hooks.example.com/services/T0000/B0000/XXXXXXXX";
    const created = await call("POST", "/channels", hobby, { type: "slack", config: { url } });
    expect(created.body.config.url).toBe("https://hooks.example.com/********");
    expect(created.body.name).toBe("Slack");
    const renamed = await call("PATCH", `/channels/${created.body.id}`, hobby, {
      name: "Slack #ops-alerts",
      config: { url: created.body.config.url },
    });
    expect(renamed.body).toMatchObject({ name: "Slack #ops-alerts" });
    const stored = await db()
      .handle.db.selectFrom("channels")
      .select("config")
      .where("id", "=", created.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.config).not.toContain("hooks.example.com");
    expect(JSON.parse(openStored("channels", "config", created.body.id, stored.config)).url).toBe(
      url,
    );
    await call("PATCH", `/channels/${created.body.id}`, hobby, {
      config: { url: "https://hooks.example.com/services/T1/B1/YY" },
    });
    const changed = await db()
      .handle.db.selectFrom("channels")
      .select("config")
      .where("id", "=", created.body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(openStored("channels", "config", created.body.id, changed.config)).url).toBe(
      "https://hooks.example.com/services/T1/B1/YY",
    );
  });

  it("keeps SMS, Slack and webhooks for Hobby and above", async () => {
    const cases = [
      [{ type: "sms", config: { phone: "+64211234567" } }, "SMS"],
      [{ type: "slack", config: { url: "https://hooks.example.com/x" } }, "Slack"],
      [{ type: "webhook", config: { url: "https://hooks.example.com/x" } }, "Webhook"],
    ] as const;
    for (const [payload, label] of cases) {
      const response = await call("POST", "/channels", free, payload);
      expect(response).toEqual({
        status: 403,
        body: {
          detail: `${label} alerts need the Hobby plan or above; the Free plan sends e-mail alerts only.`,
        },
      });
    }
    expect(
      (await call("POST", "/channels", free, { type: "email", config: { address: "a@b.co" } }))
        .status,
    ).toBe(201);
  });

  it("sends webhook and Slack URLs through the checks' network guard", async () => {
    const refused = await call(
      "POST",
      "/channels",
      hobby,
      { type: "webhook", config: { url: "http://127.0.0.1:8080/hook" } },
      strict,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(
      /^config: Refused to connect to 127\.0\.0\.1: it is a loopback address\..*ALLOW_PRIVATE_TARGETS=true/,
    );
    const metadata = await call(
      "POST",
      "/channels",
      hobby,
      { type: "slack", config: { url: "http://169.254.169.254/latest" } },
      strict,
    );
    expect(metadata.status).toBe(400);
    const unknownHost = await call("POST", "/channels", hobby, {
      type: "webhook",
      config: { url: "https://nowhere.invalid/hook" },
    });
    expect(unknownHost.body.detail).toMatch(/^config: The host name of nowhere\.invalid/);
    expect(
      (
        await call(
          "POST",
          "/channels",
          hobby,
          { type: "webhook", config: { url: "https://hooks.example.com/upwatch" } },
          strict,
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await call("POST", "/channels", hobby, {
          type: "webhook",
          config: { url: "http://127.0.0.1:8080/hook" },
        })
      ).status,
    ).toBe(201);
  });

  it("answers bad settings with a sentence", async () => {
    const cases: Array<[object, string]> = [
      [{ type: "pager", config: {} }, `type must be one of ${ALERT_CHANNELS.join(", ")}.`],
      [
        { type: "sms", config: { phone: "021 123 4567" } },
        "config.phone must be in international format: + and the country code, without spaces, such as +64211234567.",
      ],
      [
        { type: "email", config: { address: "nobody" } },
        "config.address must be an e-mail address.",
      ],
      [
        { type: "webhook", config: { url: "ftp://files.example.com/" } },
        "config: The URL must start with https:// or http://.",
      ],
      [{ type: "email", config: { address: "a@b.co", cc: "x" } }, "Unknown field in config: cc."],
    ];
    for (const [payload, detail] of cases) {
      expect(await call("POST", "/channels", hobby, payload), detail).toEqual({
        status: 400,
        body: { detail },
      });
    }
    const noSms = await call(
      "POST",
      "/channels",
      hobby,
      { type: "sms", config: { phone: "+64211234567" } },
      strict,
    );
    expect(noSms.body.detail).toBe(
      "config: SMS is not set up on this server: its operator needs to set SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM.",
    );
  });

  it("chooses a monitor's channels among the account's own, and deletes channels", async () => {
    const monitor = (
      await call("POST", "/monitors", hobby, {
        type: "http",
        name: "Shop",
        target: "https://shop.example.com/",
      })
    ).body;
    const phone = (
      await call("POST", "/channels", hobby, { type: "sms", config: { phone: "+64211234567" } })
    ).body;
    const chosen = await call("PUT", `/monitors/${monitor.id}/channels`, hobby, {
      channel_ids: [phone.id],
    });
    expect(chosen.body.data.map((c: { id: string }) => c.id)).toEqual([phone.id]);
    expect((await call("GET", `/channels/${phone.id}`, hobby)).body.monitor_ids).toEqual([
      monitor.id,
    ]);
    const foreign = (await call("GET", "/channels", free)).body.data[0].id;
    expect(
      await call("PUT", `/monitors/${monitor.id}/channels`, hobby, { channel_ids: [foreign] }),
    ).toEqual({
      status: 400,
      body: { detail: `channel_ids: there is no channel ${foreign} in this account.` },
    });
    expect((await call("GET", `/channels/${foreign}`, hobby)).status).toBe(404);
    expect((await call("POST", `/channels/${foreign}/test`, hobby)).status).toBe(404);
    expect((await call("DELETE", `/channels/${phone.id}`, hobby)).status).toBe(204);
    expect((await call("GET", `/monitors/${monitor.id}/channels`, hobby)).body.data).toEqual([]);
  });
});
