import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { registerUser, type TestSession } from "../../../test/sessions.ts";
import { setAccountPlan, signedInMember } from "../../../test/team-members.ts";

describeEachDatabase("custom roles", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  const enterpriseOwner = async () => {
    const owner = await registerUser(app);
    await setAccountPlan(db(), owner.accountId, "enterprise");
    return owner;
  };
  const request = (
    session: TestSession,
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: method === "GET" ? session.cookie : session.headers,
      ...(payload === undefined ? {} : { payload }),
    });

  it("lists the four built-in roles with their permissions", async () => {
    const owner = await registerUser(app);
    const response = await request(owner, "GET", "/roles");
    expect(response.statusCode).toBe(200);
    const roles = response.json().data;
    expect(roles.map((role: { name: string }) => role.name)).toEqual([
      "Owner",
      "Admin",
      "Member",
      "Viewer",
    ]);
    expect(roles[3]).toEqual({
      id: "viewer",
      name: "Viewer",
      kind: "built_in",
      role: "viewer",
      permissions: ["view"],
      created_at: null,
      updated_at: null,
    });
    expect(roles[0].permissions).toContain("account.own");
    expect(roles[1].permissions).not.toContain("account.own");
  });

  it("defines a custom role on Enterprise+ that always includes view, and lists it", async () => {
    const owner = await enterpriseOwner();
    const created = await request(owner, "POST", "/roles", {
      name: " On call ",
      permissions: ["alerts.respond", "monitors.manage"],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      id: expect.stringMatching(/^role_/),
      name: "On call",
      kind: "custom",
      role: "custom",
      permissions: ["view", "monitors.manage", "alerts.respond"],
    });
    const listed = (await request(owner, "GET", "/roles")).json().data;
    expect(listed).toHaveLength(5);
    expect(listed[4]).toEqual(created.json());
  });

  it("gives a member of a custom role exactly its permissions, changed at once on edit", async () => {
    const owner = await enterpriseOwner();
    const role = (
      await request(owner, "POST", "/roles", { name: "Pager", permissions: ["alerts.respond"] })
    ).json();
    const member = await signedInMember(app, db(), owner.accountId, "custom", role.id);
    expect((await request(member, "GET", "/monitors")).statusCode).toBe(200);
    const body = { name: "Site", type: "http", target: "https://example.com" };
    const refused = await request(member, "POST", "/monitors", body);
    expect(refused.statusCode).toBe(403);

    const updated = await request(owner, "PATCH", `/roles/${role.id}`, {
      permissions: ["monitors.manage"],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().permissions).toEqual(["view", "monitors.manage"]);
    expect((await request(member, "POST", "/monitors", body)).statusCode).toBe(201);
  });

  it("refuses custom roles below Enterprise+ with a sentence naming the plan", async () => {
    const owner = await registerUser(app);
    await setAccountPlan(db(), owner.accountId, "business");
    const response = await request(owner, "POST", "/roles", { name: "Ops", permissions: [] });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail:
        "Custom roles are part of the Enterprise+ plan; the Business plan offers the built-in roles only.",
    });
  });

  it("keeps custom roles after leaving Enterprise+: they can be deleted but not changed", async () => {
    const owner = await enterpriseOwner();
    const role = (await request(owner, "POST", "/roles", { name: "Old", permissions: [] })).json();
    await setAccountPlan(db(), owner.accountId, "business");
    const listed = (await request(owner, "GET", "/roles")).json().data;
    expect(listed.map((item: { name: string }) => item.name)).toContain("Old");
    const changed = await request(owner, "PATCH", `/roles/${role.id}`, { name: "New" });
    expect(changed.statusCode).toBe(403);
    expect((await request(owner, "DELETE", `/roles/${role.id}`)).statusCode).toBe(204);
  });

  it("refuses a name another role has, built-in names included, whatever the case", async () => {
    const owner = await enterpriseOwner();
    await request(owner, "POST", "/roles", { name: "Ops", permissions: [] });
    for (const name of ["ops", "admin"]) {
      const response = await request(owner, "POST", "/roles", { name, permissions: [] });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toMatch(
        /^There is already a role named .+; choose another name\.$/,
      );
    }
  });

  it("refuses unknown or owner-only permissions and empty names with sentences", async () => {
    const owner = await enterpriseOwner();
    const bad = [
      { name: "A", permissions: ["account.own"] },
      { name: "B", permissions: ["fly"] },
      { name: "  ", permissions: [] },
      { name: "C" },
    ];
    for (const payload of bad) {
      const response = await request(owner, "POST", "/roles", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^[A-Z].*\.$/);
    }
    const role = (await request(owner, "POST", "/roles", { name: "D", permissions: [] })).json();
    const empty = await request(owner, "PATCH", `/roles/${role.id}`, {});
    expect(empty.json()).toEqual({ detail: "Send the role's new name, its permissions, or both." });
  });

  it("refuses deleting a role a member holds, and deletes it once nobody does", async () => {
    const owner = await enterpriseOwner();
    const role = (await request(owner, "POST", "/roles", { name: "Temp", permissions: [] })).json();
    const member = await signedInMember(app, db(), owner.accountId, "custom", role.id);
    const refused = await request(owner, "DELETE", `/roles/${role.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: "1 member has the role Temp; give them another role before deleting it.",
    });
    await db()
      .handle.db.updateTable("memberships")
      .set({ role: "viewer", custom_role_id: null })
      .where("user_id", "=", member.userId)
      .execute();
    expect((await request(owner, "DELETE", `/roles/${role.id}`)).statusCode).toBe(204);
    expect((await request(owner, "DELETE", `/roles/${role.id}`)).statusCode).toBe(404);
  });

  it("refuses deleting a role a pending invitation offers", async () => {
    const owner = await enterpriseOwner();
    const role = (
      await request(owner, "POST", "/roles", { name: "Guest", permissions: [] })
    ).json();
    const now = Date.now();
    await db()
      .handle.db.insertInto("invitations")
      .values({
        id: "inv_pending_role",
        account_id: owner.accountId,
        email: "guest@example.com",
        email_key: "guest@example.com",
        role: "custom",
        custom_role_id: role.id,
        token_hash: `hash-${now}-${Math.random()}`,
        invited_by: owner.userId,
        created_at: now,
        sent_at: now,
        expires_at: now + 86_400_000,
        accepted_at: null,
        accepted_by: null,
        revoked_at: null,
      })
      .execute();
    const refused = await request(owner, "DELETE", `/roles/${role.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: "A pending invitation offers the role Guest; revoke it before deleting the role.",
    });
  });

  it("refuses deleting the role single sign-on gives new members", async () => {
    const owner = await enterpriseOwner();
    const role = (
      await request(owner, "POST", "/roles", { name: "Staff", permissions: [] })
    ).json();
    const now = Date.now();
    await db()
      .handle.db.insertInto("sso_configs")
      .values({
        account_id: owner.accountId,
        issuer: "https://id.example.com",
        client_id: "upwatch",
        client_secret_sealed: "sealed",
        default_role: "custom",
        default_custom_role_id: role.id,
        enabled: 1,
        required: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const refused = await request(owner, "DELETE", `/roles/${role.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail:
        "Single sign-on gives new members the role Staff; choose another default role there first.",
    });
  });

  it("lets only people who manage members define roles, and hides other accounts' roles", async () => {
    const owner = await enterpriseOwner();
    const role = (await request(owner, "POST", "/roles", { name: "Mine", permissions: [] })).json();
    const member = await signedInMember(app, db(), owner.accountId, "member");
    const refused = await request(member, "POST", "/roles", { name: "X", permissions: [] });
    expect(refused.statusCode).toBe(403);
    const stranger = await enterpriseOwner();
    const hidden = await request(stranger, "PATCH", `/roles/${role.id}`, { name: "Theirs" });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: "There is no custom role with that id." });
  });

  it("records role changes in the audit log", async () => {
    const owner = await enterpriseOwner();
    const role = (
      await request(owner, "POST", "/roles", { name: "Logged", permissions: [] })
    ).json();
    await request(owner, "PATCH", `/roles/${role.id}`, { name: "Logged twice" });
    await request(owner, "DELETE", `/roles/${role.id}`);
    const events = await db()
      .handle.db.selectFrom("audit_events")
      .select(["action", "target_label", "changes"])
      .where("account_id", "=", owner.accountId)
      .orderBy("at")
      .orderBy("id")
      .execute();
    expect(events.map((event) => event.action)).toEqual([
      "custom_role.created",
      "custom_role.updated",
      "custom_role.deleted",
    ]);
    expect(JSON.parse(events[1]?.changes ?? "{}")).toEqual({
      name: { before: "Logged", after: "Logged twice" },
    });
  });
});
