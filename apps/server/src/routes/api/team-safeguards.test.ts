import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { registerUser, type TestSession, uniqueEmail } from "../../../test/sessions.ts";
import { setAccountPlan, signedInMember } from "../../../test/team-members.ts";
import { accountNameFor } from "../../services/auth/register.ts";

describeEachDatabase("what people who manage members may give", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { SIGNUP_RATE_LIMIT: "0" } });
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (
    headers: Record<string, string>,
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) => app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  const enterpriseOwner = async () => {
    const owner = await registerUser(app);
    await setAccountPlan(db(), owner.accountId, "enterprise");
    return owner;
  };
  const customRole = async (owner: TestSession, name: string, permissions: string[]) => {
    const created = await call(owner.headers, "POST", "/roles", { name, permissions });
    expect(created.statusCode).toBe(201);
    return created.json().id as string;
  };
  const membersManager = async (owner: TestSession) => {
    const roleId = await customRole(owner, "People", ["members.manage"]);
    const person = await signedInMember(app, db(), owner.accountId, "custom", roleId);
    return { person, roleId };
  };

  it("refuses someone who manages members widening the custom role they hold", async () => {
    const owner = await enterpriseOwner();
    const { person, roleId } = await membersManager(owner);
    const widened = await call(person.headers, "PATCH", `/roles/${roleId}`, {
      permissions: ["members.manage", "channels.manage"],
    });
    expect(widened.statusCode).toBe(403);
    expect(widened.json().detail).toBe(
      "You cannot change the role you hold yourself; ask someone with another role.",
    );
    const other = await customRole(owner, "Support", ["members.manage"]);
    const granted = await call(person.headers, "PATCH", `/roles/${other}`, {
      permissions: ["members.manage", "api_keys.manage"],
    });
    expect(granted.statusCode).toBe(403);
    expect(granted.json().detail).toBe(
      "You cannot give the role Support: it allows “api_keys.manage”, which you may not do yourself.",
    );
    const created = await call(person.headers, "POST", "/roles", {
      name: "Everything",
      permissions: ["channels.manage"],
    });
    expect(created.statusCode).toBe(403);
    expect(created.json().detail).toBe(
      "You cannot give the role Everything: it allows “channels.manage”, which you may not do yourself.",
    );
  });

  it("refuses someone who manages members giving Admin or a role allowing more than theirs", async () => {
    const owner = await enterpriseOwner();
    const { person } = await membersManager(owner);
    const viewer = await signedInMember(app, db(), owner.accountId, "viewer");
    const toAdmin = await call(person.headers, "PATCH", `/members/${viewer.userId}`, {
      role: "admin",
    });
    expect(toAdmin.statusCode).toBe(403);
    expect(toAdmin.json().detail).toBe("Only the owner or an admin may give the Admin role.");
    const toMember = await call(person.headers, "PATCH", `/members/${viewer.userId}`, {
      role: "member",
    });
    expect(toMember.statusCode).toBe(403);
    expect(toMember.json().detail).toBe(
      "You cannot give the Member role: it allows “monitors.manage”, “alerts.respond”, which you may not do yourself.",
    );
    const invited = await call(person.headers, "POST", "/invitations", {
      email: uniqueEmail("invited"),
      role: "admin",
    });
    expect(invited.statusCode).toBe(403);
    const asViewer = await call(person.headers, "POST", "/invitations", {
      email: uniqueEmail("invited"),
      role: "viewer",
    });
    expect(asViewer.statusCode).toBe(201);
  });

  it("refuses someone who manages members changing or removing an admin", async () => {
    const owner = await enterpriseOwner();
    const { person } = await membersManager(owner);
    const admin = await signedInMember(app, db(), owner.accountId, "admin");
    const demoted = await call(person.headers, "PATCH", `/members/${admin.userId}`, {
      role: "viewer",
    });
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().detail).toContain(`You cannot change or remove ${admin.email}`);
    const removed = await call(person.headers, "DELETE", `/members/${admin.userId}`);
    expect(removed.statusCode).toBe(403);
    const byAdmin = await call(admin.headers, "PATCH", `/members/${person.userId}`, {
      role: "viewer",
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it("refuses someone who manages members resending or revoking an invitation whose role they could not give", async () => {
    const owner = await enterpriseOwner();
    const { person } = await membersManager(owner);
    const invited = async (role: string) => {
      const email = uniqueEmail(role);
      const response = await call(owner.headers, "POST", "/invitations", { email, role });
      expect(response.statusCode).toBe(201);
      return { id: response.json().id as string, email };
    };
    const admin = await invited("admin");
    const member = await invited("member");
    const viewer = await invited("viewer");
    const refusedAdmin = await call(person.headers, "DELETE", `/invitations/${admin.id}`);
    expect(refusedAdmin.statusCode).toBe(403);
    expect(refusedAdmin.json().detail).toBe(
      `Only the owner or an admin may resend or revoke the invitation of ${admin.email}, which gives the Admin role.`,
    );
    const refusedMember = await call(person.headers, "POST", `/invitations/${member.id}/resend`);
    expect(refusedMember.statusCode).toBe(403);
    expect(refusedMember.json().detail).toMatch(
      new RegExp(
        `^You cannot resend or revoke the invitation of ${member.email}: its role allows .*“monitors.manage”.*, which yours does not\\.$`,
      ),
    );
    const pending = await call(owner.headers, "GET", "/invitations");
    expect(
      pending
        .json()
        .data.map((item: { id: string }) => item.id)
        .sort(),
    ).toEqual([admin.id, member.id, viewer.id].sort());
    expect((await call(person.headers, "DELETE", `/invitations/${viewer.id}`)).statusCode).toBe(
      204,
    );
    expect((await call(owner.headers, "DELETE", `/invitations/${admin.id}`)).statusCode).toBe(204);
  });

  it("limits a key to what its maker may do now and stops it when the maker leaves", async () => {
    const owner = await enterpriseOwner();
    const admin = await signedInMember(app, db(), owner.accountId, "admin");
    const made = await call(admin.headers, "POST", "/api-keys", { name: "deploys", scope: "full" });
    expect(made.statusCode).toBe(201);
    const bearer = { authorization: `Bearer ${made.json().key}` };
    expect((await call(bearer, "GET", "/monitors")).statusCode).toBe(200);
    expect((await call(bearer, "DELETE", "/monitors/mon_missing")).statusCode).toBe(404);

    await call(owner.headers, "PATCH", `/members/${admin.userId}`, { role: "viewer" });
    const write = await call(bearer, "DELETE", "/monitors/mon_missing");
    expect(write.statusCode).toBe(403);
    expect((await call(bearer, "GET", "/monitors")).statusCode).toBe(200);

    expect((await call(owner.headers, "DELETE", `/members/${admin.userId}`)).statusCode).toBe(204);
    expect((await call(bearer, "GET", "/monitors")).statusCode).toBe(401);
    const revoked = await db()
      .handle.db.selectFrom("api_keys")
      .select("revoked_at")
      .where("id", "=", made.json().id)
      .executeTakeFirstOrThrow();
    expect(revoked.revoked_at).not.toBeNull();
    const events = await call(owner.headers, "GET", "/audit-log?action=api_key.revoked");
    expect(events.json().data).toEqual([expect.objectContaining({ action: "api_key.revoked" })]);
  });

  it("keeps exactly one owner when the owner transfers ownership twice at once", async () => {
    const owner = await enterpriseOwner();
    const first = await signedInMember(app, db(), owner.accountId, "admin");
    const second = await signedInMember(app, db(), owner.accountId, "admin");
    const answers = await Promise.all(
      [first, second].map((to) =>
        call(owner.headers, "POST", "/account/transfer-ownership", {
          user_id: to.userId,
          password: owner.password,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 403]);
    const owners = await db()
      .handle.db.selectFrom("memberships")
      .select("user_id")
      .where("account_id", "=", owner.accountId)
      .where("role", "=", "owner")
      .execute();
    expect(owners).toHaveLength(1);
  });

  it("keeps the plan's user limit when two invitations are sent at once", async () => {
    const owner = await registerUser(app);
    await setAccountPlan(db(), owner.accountId, "business");
    for (let i = 0; i < 8; i++) await signedInMember(app, db(), owner.accountId, "viewer");
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call(owner.headers, "POST", "/invitations", { email: uniqueEmail("new"), role: "viewer" }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
  });

  it("counts wrong passwords when transferring ownership like failed sign-ins", async () => {
    const owner = await enterpriseOwner();
    const admin = await signedInMember(app, db(), owner.accountId, "admin");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await call(owner.headers, "POST", "/account/transfer-ownership", {
        user_id: admin.userId,
        password: "not the password",
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const right = await call(owner.headers, "POST", "/account/transfer-ownership", {
      user_id: admin.userId,
      password: owner.password,
    });
    expect(right.statusCode).toBe(429);
  });

  it("renames only an account the person owns when they change their address", async () => {
    const owner = await enterpriseOwner();
    const admin = await signedInMember(app, db(), owner.accountId, "admin");
    const name = accountNameFor(admin.email);
    await db()
      .handle.db.updateTable("accounts")
      .set({ name })
      .where("id", "=", owner.accountId)
      .execute();
    const changed = await call(admin.headers, "PATCH", "/auth/email", {
      email: uniqueEmail("moved"),
      current_password: admin.password,
    });
    expect(changed.statusCode).toBe(200);
    const account = await db()
      .handle.db.selectFrom("accounts")
      .select("name")
      .where("id", "=", owner.accountId)
      .executeTakeFirstOrThrow();
    expect(account.name).toBe(name);
  });

  it("lets a custom role only view once the account leaves Enterprise+, and says so", async () => {
    const owner = await enterpriseOwner();
    const roleId = await customRole(owner, "Operators", ["monitors.manage"]);
    const person = await signedInMember(app, db(), owner.accountId, "custom", roleId);
    expect((await call(person.headers, "DELETE", "/monitors/mon_missing")).statusCode).toBe(404);
    await setAccountPlan(db(), owner.accountId, "business");
    const write = await call(person.headers, "DELETE", "/monitors/mon_missing");
    expect(write.statusCode).toBe(403);
    const session = (await call(person.headers, "GET", "/auth/session")).json();
    expect(session.membership).toMatchObject({
      role: "custom",
      role_name: "Operators (view only on this plan)",
      permissions: ["view"],
    });
    const listed = (await call(owner.headers, "GET", "/members")).json().data;
    expect(listed).toContainEqual(
      expect.objectContaining({
        user_id: person.userId,
        role_name: "Operators (view only on this plan)",
      }),
    );
  });
});
