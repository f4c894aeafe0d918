import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { logInRequest, registerUser, type TestSession } from "../../../test/sessions.ts";
import { loopbackSmtpTransport, type SmtpSink, startSmtpSink } from "../../../test/smtp-sink.ts";
import { addInvitedPerson, addMember, putOnPlan } from "../../../test/team.ts";

describeEachDatabase("an account's members", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await buildTestApp(db(), {
      env: { PUBLIC_URL: "https://upwatch.example" },
      mailTransport: loopbackSmtpTransport(smtp.port),
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  const businessOwner = async () => {
    const owner = await registerUser(app);
    await putOnPlan(db().handle.db, owner.accountId, "business");
    return owner;
  };
  const call = (
    who: TestSession,
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const sessionOf = (who: TestSession) => call(who, "GET", "/auth/session");

  it("lists the people with their roles, who is you and whether they use two-factor", async () => {
    const owner = await businessOwner();
    const viewer = await addMember(app, smtp, owner, "viewer");
    const listed = await call(viewer, "GET", "/members");
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        user_id: owner.userId,
        email: owner.email,
        role: "owner",
        role_name: "Owner",
        two_factor: false,
        is_you: false,
      }),
      expect.objectContaining({ user_id: viewer.userId, role: "viewer", is_you: true }),
    ]);
  });

  it("lets an admin change roles but never the owner's, and nobody makes an owner here", async () => {
    const owner = await businessOwner();
    const admin = await addMember(app, smtp, owner, "admin");
    const member = await addMember(app, smtp, owner, "member");

    const changed = await call(admin, "PATCH", `/members/${member.userId}`, { role: "viewer" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ role: "viewer", role_name: "Viewer" });

    const ownerChanged = await call(admin, "PATCH", `/members/${owner.userId}`, { role: "member" });
    expect(ownerChanged.statusCode).toBe(403);
    expect(ownerChanged.json().detail).toBe(
      "The owner's role cannot be changed; the owner can transfer ownership to another member.",
    );
    const toOwner = await call(admin, "PATCH", `/members/${member.userId}`, { role: "owner" });
    expect(toOwner.statusCode).toBe(400);

    const byViewer = await call(member, "PATCH", `/members/${admin.userId}`, { role: "viewer" });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().detail).toMatch(/Your role \(Viewer\) does not allow you/);
  });

  it("removes a member, whose session in the account ends at once; the owner cannot be removed", async () => {
    const owner = await businessOwner();
    const admin = await addMember(app, smtp, owner, "admin");
    const member = await addMember(app, smtp, owner, "member");
    expect((await sessionOf(member)).statusCode).toBe(200);

    expect((await call(admin, "DELETE", `/members/${member.userId}`)).statusCode).toBe(204);
    expect((await sessionOf(member)).statusCode).toBe(401);
    const names = (await call(owner, "GET", "/members"))
      .json()
      .data.map((m: { email: string }) => m.email);
    expect(names).toEqual([owner.email, admin.email]);

    const removingOwner = await call(admin, "DELETE", `/members/${owner.userId}`);
    expect(removingOwner.statusCode).toBe(403);
    expect(removingOwner.json().detail).toBe("The owner cannot be removed from the account.");

    const signIn = await logInRequest(app, member.email, member.password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().detail).toBe(
      "You are no longer a member of any account; ask for a new invitation.",
    );
  });

  it("lets a member leave but not the owner", async () => {
    const owner = await businessOwner();
    const member = await addMember(app, smtp, owner, "member");
    expect((await call(member, "POST", "/account/leave")).statusCode).toBe(204);
    expect((await sessionOf(member)).statusCode).toBe(401);
    const ownerLeaving = await call(owner, "POST", "/account/leave");
    expect(ownerLeaving.statusCode).toBe(403);
    expect(ownerLeaving.json().detail).toBe(
      "The owner cannot leave the account; transfer ownership to another member first.",
    );
  });

  it("transfers ownership to a member once the owner's password is right; the old owner becomes admin", async () => {
    const owner = await businessOwner();
    const member = await addMember(app, smtp, owner, "member");
    const transfer = (password: string) =>
      call(owner, "POST", "/account/transfer-ownership", { user_id: member.userId, password });

    const wrong = await transfer("not the password");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe("That is not your password; ownership stays with you.");
    const byMember = await call(member, "POST", "/account/transfer-ownership", {
      user_id: member.userId,
      password: member.password,
    });
    expect(byMember.statusCode).toBe(403);

    expect((await transfer(owner.password)).statusCode).toBe(204);
    const roles = (await call(member, "GET", "/members"))
      .json()
      .data.map((m: { email: string; role: string }) => [m.email, m.role]);
    expect(roles).toEqual([
      [owner.email, "admin"],
      [member.email, "owner"],
    ]);
  });

  it("switches between a person's accounts, which signing in remembers", async () => {
    const owner = await businessOwner();
    const person = await registerUser(app);
    await addInvitedPerson(app, smtp, owner, person);
    const accounts = (await sessionOf(person)).json().accounts;
    expect(accounts).toHaveLength(2);

    const back = await call(person, "POST", "/auth/session/account", {
      account_id: person.accountId,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().account.id).toBe(person.accountId);
    const stranger = await registerUser(app);
    const elsewhere = await call(person, "POST", "/auth/session/account", {
      account_id: stranger.accountId,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().detail).toBe("You are not a member of an account with that id.");

    await call(person, "POST", "/auth/session/account", { account_id: owner.accountId });
    const signedIn = await logInRequest(app, person.email, person.password);
    expect(signedIn.json().account.id).toBe(owner.accountId);

    await call(owner, "DELETE", `/members/${person.userId}`);
    const afterRemoval = await logInRequest(app, person.email, person.password);
    expect(afterRemoval.statusCode).toBe(200);
    expect(afterRemoval.json().account.id).toBe(person.accountId);
  });

  it("creates another account owned by the person and moves the session there", async () => {
    const person = await registerUser(app);
    const created = await call(person, "POST", "/accounts", { name: "Side project" });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ account: { name: "Side project", plan: "free" } });
    expect(created.json().accounts).toEqual([
      { id: person.accountId, name: expect.any(String), role: "owner" },
      { id: created.json().account.id, name: "Side project", role: "owner" },
    ]);
    const members = (await call(person, "GET", "/members")).json().data;
    expect(members).toEqual([expect.objectContaining({ user_id: person.userId, role: "owner" })]);
  });

  it("deleting an account deletes the people who belong nowhere else and keeps the others", async () => {
    const owner = await businessOwner();
    const onlyHere = await addMember(app, smtp, owner, "viewer");
    const person = await registerUser(app);
    await addInvitedPerson(app, smtp, owner, person);

    const deleted = await app.inject({
      method: "DELETE",
      url: "/api/v1/account",
      headers: owner.headers,
      payload: { confirm_email: owner.email },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await logInRequest(app, onlyHere.email, onlyHere.password)).statusCode).toBe(401);
    const signedIn = await logInRequest(app, person.email, person.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().account.id).toBe(person.accountId);
    expect(signedIn.json().accounts).toHaveLength(1);
  });

  it("records role changes, removals, leaving and the transfer of ownership in the audit log", async () => {
    const owner = await businessOwner();
    const first = await addMember(app, smtp, owner, "member");
    const second = await addMember(app, smtp, owner, "member");
    const third = await addMember(app, smtp, owner, "viewer");
    await call(owner, "PATCH", `/members/${first.userId}`, { role: "admin" });
    await call(owner, "DELETE", `/members/${second.userId}`);
    await call(third, "POST", "/account/leave");
    await call(owner, "POST", "/account/transfer-ownership", {
      user_id: first.userId,
      password: owner.password,
    });
    const actions = await db()
      .handle.db.selectFrom("audit_events")
      .select("action")
      .where("account_id", "=", owner.accountId)
      .where("action", "not in", ["member.invited", "member.joined", "sign_in.succeeded"])
      .orderBy("action")
      .execute();
    expect(actions.map((event) => event.action)).toEqual([
      "member.left",
      "member.removed",
      "member.role_changed",
      "ownership.transferred",
    ]);
  });
});
