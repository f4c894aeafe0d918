import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppWithMail, startAppWithMail } from "../../../test/app-with-mail.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import {
  registerUser,
  sessionFrom,
  type TestSession,
  uniqueEmail,
} from "../../../test/sessions.ts";
import { invitationTokenFor, invite, putOnPlan } from "../../../test/team.ts";

const PASSWORD = "a long enough password";
const INVITE_ONLY =
  "This server takes new sign-ups by invitation only; ask an owner or admin of the account you want to join to invite you, then open the link in the invitation mail.";
const CLOSED =
  "This server does not take new sign-ups; ask its operator to create an account for you.";

describeEachDatabase("who may give themselves a sign-in (REGISTRATION)", (db) => {
  // Three servers on one database: the open one (REGISTRATION unset) makes the account owners.
  let open: AppWithMail;
  let inviteOnly: AppWithMail;
  let closed: AppWithMail;
  beforeAll(async () => {
    open = await startAppWithMail(db(), Date.now);
    inviteOnly = await startAppWithMail(db(), Date.now, { REGISTRATION: "invite-only" });
    closed = await startAppWithMail(db(), Date.now, { REGISTRATION: "closed" });
  });
  afterAll(async () => {
    await open?.close();
    await inviteOnly?.close();
    await closed?.close();
  });

  const register = (app: FastifyInstance, email = uniqueEmail()) =>
    app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { email, password: PASSWORD },
    });
  const registerByInvitation = (app: FastifyInstance, token: string) =>
    app.inject({
      method: "POST",
      url: `/api/v1/invitations/by-token/${token}/register`,
      payload: { password: PASSWORD },
    });
  const userWith = (email: string) =>
    db()
      .handle.db.selectFrom("users")
      .select("id")
      .where("email_key", "=", email.toLowerCase())
      .executeTakeFirst();

  /** The owner of a Business account (room for a team), registered on the open server. */
  const businessOwner = async () => {
    const owner = await registerUser(open.app);
    await putOnPlan(db().handle.db, owner.accountId, "business");
    return owner;
  };

  /** Invites the address through `server` and returns the token its mail carries. */
  const invitationThrough = async (server: AppWithMail, owner: TestSession, email: string) => {
    const invited = await invite(server.app, owner, email, "member");
    expect(invited.statusCode, invited.body).toBe(201);
    await server.app.outbox.drain();
    return invitationTokenFor(server.smtp, email);
  };

  it("lets anyone register when REGISTRATION is not set", async () => {
    const email = uniqueEmail("anyone");
    const registered = await register(open.app, email);
    expect(registered.statusCode).toBe(201);
    expect(registered.json().user.email).toBe(email);
  });

  it("lets an invited person without a sign-in choose a password and join when REGISTRATION is not set", async () => {
    const owner = await businessOwner();
    const email = uniqueEmail("invited");
    const joined = await registerByInvitation(
      open.app,
      await invitationThrough(open, owner, email),
    );
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().account.id).toBe(owner.accountId);
  });

  it("refuses registering on an invite-only server with a sentence saying how to get in, and stores nobody", async () => {
    const email = uniqueEmail("uninvited");
    const refused = await register(inviteOnly.app, email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: INVITE_ONLY });
    expect(refused.headers["set-cookie"]).toBeUndefined();
    expect(await userWith(email)).toBeUndefined();
  });

  it("lets an invited person without a sign-in choose a password and join on an invite-only server", async () => {
    const owner = await businessOwner();
    const email = uniqueEmail("invited");
    const token = await invitationThrough(inviteOnly, owner, email);
    const joined = await registerByInvitation(inviteOnly.app, token);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({
      user: { email },
      account: { id: owner.accountId },
      accounts: [{ id: owner.accountId, role: "member" }],
    });
    const member = sessionFrom(joined, email, PASSWORD);
    const session = await inviteOnly.app.inject({
      method: "GET",
      url: "/api/v1/auth/session",
      headers: member.cookie,
    });
    expect(session.json().user.email).toBe(email);
  });

  it("refuses registering on a closed server the same way whether or not the address is in use", async () => {
    const fresh = uniqueEmail("nobody");
    const refused = await register(closed.app, fresh);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: CLOSED });
    expect(await userWith(fresh)).toBeUndefined();

    const existing = await registerUser(open.app);
    const again = await register(closed.app, existing.email);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ detail: CLOSED });
  });

  it("refuses a new sign-in through an invitation on a closed server, keeping the invitation for someone who signs in", async () => {
    const owner = await businessOwner();
    const email = uniqueEmail("invited");
    const token = await invitationThrough(closed, owner, email);
    const refused = await registerByInvitation(closed.app, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: `This server does not take new sign-ups, so only an address that already signs in can accept this invitation; ask the server's operator to create a sign-in for ${email}, then log in to accept it.`,
    });
    expect(await userWith(email)).toBeUndefined();
    const preview = await closed.app.inject({
      method: "GET",
      url: `/api/v1/invitations/by-token/${token}`,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ email, has_person: false });
  });

  it("lets someone who already signs in accept an invitation on a closed server", async () => {
    const owner = await businessOwner();
    const person = await registerUser(open.app);
    const token = await invitationThrough(closed, owner, person.email);
    const accepted = await closed.app.inject({
      method: "POST",
      url: `/api/v1/invitations/by-token/${token}/accept`,
      headers: person.headers,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().account.id).toBe(owner.accountId);
  });
});
