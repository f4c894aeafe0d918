import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { callApi } from "../../../test/api-call.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { registerUser } from "../../../test/sessions.ts";
import { setAccountPlan, signedInMember } from "../../../test/team-members.ts";
import { readAccountTimeZone } from "../../services/accounts/account-time-zone.ts";

describeEachDatabase("the account's time zone", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  it("is UTC for a new account, and the owner may change it", async () => {
    const owner = await registerUser(app);
    expect(
      (await callApi(app, "GET", "/account/settings", { headers: owner.cookie })).body,
    ).toEqual({ time_zone: "UTC", can_change: true });
  });

  it("keeps the canonical spelling of the name the owner chose, and the audit log says who changed it", async () => {
    const owner = await registerUser(app);
    await setAccountPlan(db(), owner.accountId, "business");
    const changed = await callApi(app, "PATCH", "/account/settings", owner, {
      time_zone: "europe/berlin",
    });
    expect(changed).toEqual({
      status: 200,
      body: { time_zone: "Europe/Berlin", can_change: true },
    });
    expect(await readAccountTimeZone(db().handle.db, owner.accountId)).toBe("Europe/Berlin");
    const recorded = await db()
      .handle.db.selectFrom("audit_events")
      .select(["action", "actor_user_id", "changes"])
      .where("account_id", "=", owner.accountId)
      .where("action", "=", "account.time_zone_changed")
      .execute();
    expect(recorded).toEqual([
      {
        action: "account.time_zone_changed",
        actor_user_id: owner.userId,
        changes: JSON.stringify({ time_zone: { before: "UTC", after: "Europe/Berlin" } }),
      },
    ]);
  });

  it("refuses a name that is not a time zone, with a sentence, and keeps the one it had", async () => {
    const owner = await registerUser(app);
    for (const time_zone of ["Mars/Base", "+02:00", "", "x".repeat(500)]) {
      const refused = await callApi(app, "PATCH", "/account/settings", owner, { time_zone });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(/is not a time zone this server knows/);
    }
    const missing = await callApi(app, "PATCH", "/account/settings", owner, {});
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/time zone/i);
    expect(await readAccountTimeZone(db().handle.db, owner.accountId)).toBe("UTC");
  });

  it("shows the zone to an admin, who may not change it", async () => {
    const owner = await registerUser(app);
    await callApi(app, "PATCH", "/account/settings", owner, { time_zone: "Asia/Tokyo" });
    const admin = await signedInMember(app, db(), owner.accountId, "admin");
    expect(
      (await callApi(app, "GET", "/account/settings", { headers: admin.cookie })).body,
    ).toEqual({ time_zone: "Asia/Tokyo", can_change: false });
    const refused = await callApi(app, "PATCH", "/account/settings", admin, {
      time_zone: "UTC",
    });
    expect(refused.status).toBe(403);
    expect(await readAccountTimeZone(db().handle.db, owner.accountId)).toBe("Asia/Tokyo");
  });
});
