import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { countAccountRows } from "../../../test/account-rows.ts";
import { type AlertingHarness, createAlertingHarness } from "../../../test/alerting.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import {
  logInRequest,
  sessionFrom,
  setCookieOf,
  type TestSession,
} from "../../../test/sessions.ts";
import { hashPassword } from "../../services/auth/password-hash.ts";
import { createDependency } from "../../services/dependencies/create-dependency.ts";

const PASSWORD = "the owner's password";

describeEachDatabase("deleting an account", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  /** An account with something in every table: monitors, outages, alerts, mail, keys, sessions. */
  async function populatedAccount(): Promise<{ h: AlertingHarness; owner: TestSession }> {
    const h = await createAlertingHarness(db(), "hobby");
    const parent = await h.monitor("Parent");
    const child = await h.monitor("Child");
    await createDependency(h.ctx, h.access, {
      child_monitor_id: child.id,
      parent_monitor_id: parent.id,
    });
    for (let failure = 0; failure < 3; failure++) {
      await h.check(child.id, false);
      h.clock.now += 60_000;
    }
    const [notification] = await h.notifications(child.id);
    if (!notification) throw new Error("The outage queued no notification.");
    await h.db
      .insertInto("notification_deliveries")
      .values({
        id: h.ctx.newId("dlv"),
        account_id: h.account.accountId,
        notification_id: notification.id,
        channel_id: notification.channel_id,
        channel_type: "email",
        alert_id: notification.alert_id,
        monitor_id: child.id,
        event: notification.event,
        status: "delivered",
        latency_ms: 120,
        error: null,
        attempted_at: h.clock.now,
      })
      .execute();
    await h.db
      .insertInto("usage_charges")
      .values({
        id: h.ctx.newId("chg"),
        account_id: h.account.accountId,
        item: "sms",
        quantity: 1,
        amount_cents: 8,
        reference: notification.id,
        recorded_at: h.clock.now,
      })
      .execute();
    await h.db
      .insertInto("outbox")
      .values({
        id: notification.id,
        kind: "alert-notification",
        recipient: "ops@example.com",
        message: "{}",
        status: "pending",
        attempts: 0,
        next_attempt_at: h.clock.now,
        locked_until: null,
        claim_token: null,
        last_error: null,
        created_at: h.clock.now,
        sent_at: null,
      })
      .execute();
    const user = await h.db
      .selectFrom("users")
      .select(["id", "email"])
      .where("account_id", "=", h.account.accountId)
      .executeTakeFirstOrThrow();
    await h.db
      .updateTable("users")
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where("id", "=", user.id)
      .execute();
    const owner = sessionFrom(await logInRequest(app, user.email, PASSWORD), user.email, PASSWORD);
    await app.inject({
      method: "POST",
      url: "/api/v1/auth/password-reset",
      payload: { email: user.email },
    });
    return { h, owner };
  }

  const remove = (owner: TestSession, confirm: string) =>
    app.inject({
      method: "DELETE",
      url: "/api/v1/account",
      headers: owner.headers,
      payload: { confirm_email: confirm },
    });

  it("deletes nothing when the typed address is not the account's", async () => {
    const { h, owner } = await populatedAccount();
    const before = await countAccountRows(h.db, h.account.accountId);
    for (const [table, rows] of Object.entries(before)) {
      expect(rows, `${table} has rows to delete`).toBeGreaterThan(0);
    }
    for (const confirm of ["someone@example.com", `${owner.email}x`, ""]) {
      const response = await remove(owner, confirm);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: "Type your account e-mail address exactly to confirm.",
      });
    }
    const missing = await app.inject({
      method: "DELETE",
      url: "/api/v1/account",
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(400);
    expect(await countAccountRows(h.db, h.account.accountId)).toEqual(before);
  });

  it("deletes the account and everything of it, and nothing of another account", async () => {
    const doomed = await populatedAccount();
    const other = await populatedAccount();
    const otherBefore = await countAccountRows(other.h.db, other.h.account.accountId);
    const notificationIds = (await doomed.h.notifications()).map((n) => n.id);

    const response = await remove(doomed.owner, `  ${doomed.owner.email.toUpperCase()} `);
    expect(response.statusCode).toBe(204);
    expect(setCookieOf(response)).toMatch(/^upwatch_session=; .*Max-Age=0/);

    const after = await countAccountRows(doomed.h.db, doomed.h.account.accountId);
    expect(
      Object.values(after).every((rows) => rows === 0),
      JSON.stringify(after),
    ).toBe(true);
    const mail = await doomed.h.db
      .selectFrom("outbox")
      .select("id")
      .where((eb) =>
        eb.or([eb("id", "in", notificationIds), eb("recipient", "=", doomed.owner.email)]),
      )
      .execute();
    expect(mail).toEqual([]);
    expect(await countAccountRows(other.h.db, other.h.account.accountId)).toEqual(otherBefore);

    const session = await app.inject({
      method: "GET",
      url: "/api/v1/auth/session",
      headers: doomed.owner.cookie,
    });
    expect(session.statusCode).toBe(401);
    const key = await app.inject({
      method: "GET",
      url: "/api/v1/account",
      headers: doomed.h.account.headers,
    });
    expect(key.statusCode).toBe(401);
    expect((await logInRequest(app, doomed.owner.email, PASSWORD)).statusCode).toBe(401);
    const stillThere = await app.inject({
      method: "GET",
      url: "/api/v1/monitors",
      headers: other.owner.cookie,
    });
    expect(stillThere.json().data).toHaveLength(2);
  });
});
