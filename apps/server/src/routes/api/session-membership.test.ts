import { PERMISSIONS } from "@upwatch/core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import {
  logInRequest,
  registerUser,
  sessionFrom,
  type TestSession,
} from "../../../test/sessions.ts";
import { setAccountPlan } from "../../../test/team-members.ts";

describeEachDatabase("the session says what the person's role allows", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  const sessionOf = (signedIn: TestSession) =>
    app.inject({ method: "GET", url: "/api/v1/auth/session", headers: signedIn.cookie });

  /** A second person who joins the owner's account with a role and signs in to it. */
  async function joinAs(
    owner: TestSession,
    role: string,
    customRoleId: string | null = null,
  ): Promise<TestSession> {
    const person = await registerUser(app);
    await db()
      .handle.db.insertInto("memberships")
      .values({
        account_id: owner.accountId,
        user_id: person.userId,
        role,
        custom_role_id: customRoleId,
        created_at: Date.now(),
      })
      .execute();
    await db()
      .handle.db.updateTable("users")
      .set({ account_id: owner.accountId })
      .where("id", "=", person.userId)
      .execute();
    const login = await logInRequest(app, person.email, person.password);
    expect(login.statusCode).toBe(200);
    return sessionFrom(login, person.email, person.password);
  }

  it("tells the person who made the account that they own it, with every permission", async () => {
    const owner = await registerUser(app);
    const answer = await sessionOf(owner);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().membership).toEqual({
      role: "owner",
      role_name: "Owner",
      permissions: [...PERMISSIONS],
    });
  });

  it("tells a viewer they may only look, when signing in and later", async () => {
    const owner = await registerUser(app);
    const viewer = await joinAs(owner, "viewer");
    const login = await logInRequest(app, viewer.email, viewer.password);
    const expected = { role: "viewer", role_name: "Viewer", permissions: ["view"] };
    expect(login.json().membership).toEqual(expected);
    expect(login.json().account.id).toBe(owner.accountId);
    expect((await sessionOf(viewer)).json().membership).toEqual(expected);
  });

  it("shows a member what members may do", async () => {
    const owner = await registerUser(app);
    const member = await joinAs(owner, "member");
    expect((await sessionOf(member)).json().membership).toEqual({
      role: "member",
      role_name: "Member",
      permissions: ["view", "monitors.manage", "alerts.respond"],
    });
  });

  it("names a custom role and lists its permissions with view included", async () => {
    const owner = await registerUser(app);
    await setAccountPlan(db(), owner.accountId, "enterprise");
    const now = Date.now();
    const roleId = `rol_${now}`;
    await db()
      .handle.db.insertInto("custom_roles")
      .values({
        id: roleId,
        account_id: owner.accountId,
        name: "Responder",
        name_key: "responder",
        permissions: JSON.stringify(["alerts.respond", "channels.manage"]),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const responder = await joinAs(owner, "custom", roleId);
    expect((await sessionOf(responder)).json().membership).toEqual({
      role: "custom",
      role_name: "Responder",
      permissions: ["view", "alerts.respond", "channels.manage"],
    });
  });

  it("shows a changed role on the next read of the session, without signing in again", async () => {
    const owner = await registerUser(app);
    const person = await joinAs(owner, "viewer");
    await db()
      .handle.db.updateTable("memberships")
      .set({ role: "admin" })
      .where("account_id", "=", owner.accountId)
      .where("user_id", "=", person.userId)
      .execute();
    const membership = (await sessionOf(person)).json().membership;
    expect(membership.role_name).toBe("Admin");
    expect(membership.permissions).toContain("members.manage");
    expect(membership.permissions).not.toContain("account.own");
  });
});
