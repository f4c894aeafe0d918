import { testNetwork } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { loopbackSmtpTransport, type SmtpSink, startSmtpSink } from "../../../test/smtp-sink.ts";
import { pruneChannelSends } from "../../services/channels/prune-channel-sends.ts";
import { createServiceContext } from "../../services/context.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("how often channels can be tested, and how many an account may have", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;
  const clock = { now: Date.UTC(2027, 0, 15, 8) };
  const ctx = () => createServiceContext(db().handle.db, TEST_SECRETS, { now: () => clock.now });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await buildTestApp(db(), {
      ctx: ctx(),
      mailTransport: loopbackSmtpTransport(smtp.port, "alerts@upwatch.example"),
      startAlerting: true,
      startOutboxWorker: true,
      network: testNetwork({ hosts: { "hooks.example.com": ["93.184.215.14"] } }),
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const api = (account: Account, method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
  const ownerChannel = async (account: Account) =>
    (await api(account, "GET", "/channels")).json().data[0].id as string;

  it("refuses a second test of a channel within 30 seconds with 429 and when to come back", async () => {
    const account = await createTestAccount(db(), "free", ctx());
    const channel = await ownerChannel(account);
    const first = await api(account, "POST", `/channels/${channel}/test`);
    expect(first.json()).toMatchObject({ status: "delivered" });

    clock.now += 10_000;
    const again = await api(account, "POST", `/channels/${channel}/test`);
    expect(again.statusCode).toBe(429);
    expect(again.headers["retry-after"]).toBe("20");
    expect(again.json()).toEqual({
      detail: "This channel was tested a moment ago; wait 20 seconds before the next test.",
    });

    clock.now += 20_000;
    expect((await api(account, "POST", `/channels/${channel}/test`)).statusCode).toBe(200);
  });

  it("refuses the 21st test of an account within an hour, even through a new channel", async () => {
    const account = await createTestAccount(db(), "hobby", ctx());
    const channel = await ownerChannel(account);
    const start = clock.now;
    for (let sent = 0; sent < 20; sent += 1) {
      const test = await api(account, "POST", `/channels/${channel}/test`);
      expect(test.statusCode).toBe(200);
      clock.now += 31_000;
    }
    const hook = await api(account, "POST", "/channels", {
      type: "webhook",
      config: { url: "https://hooks.example.com/upwatch" },
    });
    const refused = await api(account, "POST", `/channels/${hook.json().id}/test`);
    expect(refused.statusCode).toBe(429);
    const wait = Math.ceil((start + 3_600_000 - clock.now) / 1000);
    expect(refused.headers["retry-after"]).toBe(String(wait));
    expect(refused.json().detail).toBe(
      `This account has sent 20 channel tests and confirmation mails in the last hour, the most allowed; try again in ${Math.ceil(wait / 60)} minutes.`,
    );

    clock.now = start + 3_600_000 + 1;
    expect((await api(account, "POST", `/channels/${channel}/test`)).statusCode).toBe(200);
  });

  it("refuses a channel beyond the plan's number with a sentence naming the plan", async () => {
    const account = await createTestAccount(db(), "free", ctx());
    for (const name of ["one", "two"]) {
      const added = await api(account, "POST", "/channels", {
        type: "email",
        config: { address: `${name}@example.net` },
      });
      expect(added.statusCode).toBe(201);
    }
    const fourth = await api(account, "POST", "/channels", {
      type: "email",
      config: { address: "four@example.net" },
    });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toEqual({
      detail:
        "Your Free plan allows 3 alert channels. Delete a channel or upgrade your plan to add another.",
    });
    expect((await api(account, "GET", "/channels")).json().data).toHaveLength(3);
  });

  it("forgets tests once they are older than an hour, and only those", async () => {
    const account = await createTestAccount(db(), "free", ctx());
    const channel = await ownerChannel(account);
    const tested = await api(account, "POST", `/channels/${channel}/test`);
    expect(tested.statusCode).toBe(200);
    const sends = () =>
      db()
        .handle.db.selectFrom("channel_sends")
        .select("id")
        .where("account_id", "=", account.accountId)
        .execute();
    await pruneChannelSends(db().handle.db, clock.now + 3_600_000);
    expect(await sends()).toHaveLength(1);
    await pruneChannelSends(db().handle.db, clock.now + 3_600_001);
    expect(await sends()).toEqual([]);
  });
});
