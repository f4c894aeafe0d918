import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { startAppWithMail } from "../../../test/app-with-mail.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { registerUser, sessionFrom, uniqueEmail } from "../../../test/sessions.ts";
import type { SmtpSink } from "../../../test/smtp-sink.ts";
import { addMember, invitationTokenFor, invite, putOnPlan } from "../../../test/team.ts";

describeEachDatabase("inviting people into an account", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;
  let clock = Date.UTC(2026, 11, 2, 9, 0);
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, smtp, close } = await startAppWithMail(db(), () => clock));
  });
  afterAll(() => close());
  beforeEach(() => {
    smtp.received.length = 0;
    clock += 3_600_000;
  });

  const businessOwner = async () => {
    const owner = await registerUser(app);
    await putOnPlan(db().handle.db, owner.accountId, "business");
    return owner;
  };
  const preview = (token: string) =>
    app.inject({ method: "GET", url: `/api/v1/invitations/by-token/${token}` });
  const registerWith = (token: string, password = "a new member's password") =>
    app.inject({
      method: "POST",
      url: `/api/v1/invitations/by-token/${token}/register`,
      payload: { password },
    });
  const pending = async (owner: { headers: Record<string, string> }) =>
    (await app.inject({ method: "GET", url: "/api/v1/invitations", headers: owner.headers })).json()
      .data;

  it("mails a link through which a new person chooses a password and lands in the account as Viewer", async () => {
    const owner = await businessOwner();
    const email = uniqueEmail("viewer");
    const invited = await invite(app, owner, email, "viewer");
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, role: "viewer", role_name: "Viewer" });
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.subject).toMatch(/^Join .+ on Upwatch$/);
    expect(smtp.received[0]!.text).toContain("https://upwatch.example/app/invitations/");
    const token = invitationTokenFor(smtp, email);

    const shown = await preview(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      email,
      invited_by: owner.email,
      role_name: "Viewer",
      has_person: false,
    });

    const joined = await registerWith(token);
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({
      user: { email },
      account: { id: owner.accountId },
      accounts: [{ id: owner.accountId, role: "viewer" }],
    });
    const viewer = sessionFrom(joined, email, "a new member's password");
    const keys = await app.inject({
      method: "POST",
      url: "/api/v1/api-keys",
      headers: viewer.headers,
      payload: { name: "mine" },
    });
    expect(keys.statusCode).toBe(403);
    expect(keys.json().detail).toMatch(/Your role \(Viewer\) does not allow you/);
    expect(await pending(owner)).toEqual([]);

    const again = await registerWith(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("This invitation was already accepted; sign in instead.");
  });

  it("lets someone who already signs in accept with that address, and refuses anyone else", async () => {
    const owner = await businessOwner();
    const person = await registerUser(app);
    const stranger = await registerUser(app);
    await invite(app, owner, person.email.toUpperCase(), "admin");
    await app.outbox.drain();
    const token = invitationTokenFor(smtp, person.email.toUpperCase());
    expect((await preview(token)).json().has_person).toBe(true);

    const registering = await registerWith(token);
    expect(registering.statusCode).toBe(409);
    expect(registering.json().detail).toBe(
      "This address already has a sign-in; sign in to accept the invitation.",
    );

    const accept = (who: { headers: Record<string, string> }) =>
      app.inject({
        method: "POST",
        url: `/api/v1/invitations/by-token/${token}/accept`,
        headers: who.headers,
      });
    const wrong = await accept(stranger);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toBe(
      "This invitation was sent to another address; sign in as that address to accept it.",
    );

    const accepted = await accept(person);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().account.id).toBe(owner.accountId);
    expect(
      accepted
        .json()
        .accounts.map((a: { id: string }) => a.id)
        .sort(),
    ).toEqual([person.accountId, owner.accountId].sort());
    const session = await app.inject({
      method: "GET",
      url: "/api/v1/auth/session",
      headers: person.cookie,
    });
    expect(session.json().account.id).toBe(owner.accountId);
  });

  it("refuses inviting a member, a second pending invitation, the owner role and custom roles below Enterprise+", async () => {
    const owner = await businessOwner();
    const member = await addMember(app, smtp, owner);

    const already = await invite(app, owner, member.email);
    expect(already.statusCode).toBe(409);
    expect(already.json().detail).toBe(`${member.email} is already a member of the account.`);

    const email = uniqueEmail();
    expect((await invite(app, owner, email)).statusCode).toBe(201);
    const twice = await invite(app, owner, email);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(
      `${email} already has a pending invitation; resend it instead.`,
    );

    const asOwner = await invite(app, owner, uniqueEmail(), "owner");
    expect(asOwner.statusCode).toBe(400);
    expect(asOwner.json().detail).toMatch(/role must be admin, member, viewer or custom/);

    const custom = await invite(app, owner, uniqueEmail(), "custom", { custom_role_id: "rol_x" });
    expect(custom.statusCode).toBe(403);
    expect(custom.json().detail).toBe(
      "Custom roles are part of the Enterprise+ plan; choose Admin, Member or Viewer.",
    );

    const byMember = await invite(app, member, uniqueEmail());
    expect(byMember.statusCode).toBe(403);
  });

  it("counts members and pending invitations against the plan's users", async () => {
    const free = await registerUser(app);
    const refused = await invite(app, free, uniqueEmail());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      "Your plan (Free) allows 1 user; the account has 1 (members and pending invitations). Remove one or upgrade to add more.",
    );

    const owner = await businessOwner();
    await addMember(app, smtp, owner);
    for (let i = 0; i < 8; i += 1) {
      expect((await invite(app, owner, uniqueEmail())).statusCode).toBe(201);
    }
    const eleventh = await invite(app, owner, uniqueEmail());
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json().detail).toBe(
      "Your plan (Business) allows 10 users; the account has 10 (members and pending invitations). Remove one or upgrade to add more.",
    );
    const [newest] = await pending(owner);
    await app.inject({
      method: "DELETE",
      url: `/api/v1/invitations/${newest.id}`,
      headers: owner.headers,
    });
    expect((await invite(app, owner, uniqueEmail())).statusCode).toBe(201);
  });

  it("resends at most once a minute with a new link, and revoked or expired links explain themselves", async () => {
    const owner = await businessOwner();
    const email = uniqueEmail();
    const { id } = (await invite(app, owner, email)).json();
    await app.outbox.drain();
    const first = invitationTokenFor(smtp, email);
    const resend = () =>
      app.inject({
        method: "POST",
        url: `/api/v1/invitations/${id}/resend`,
        headers: owner.headers,
      });

    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().detail).toMatch(/less than a minute ago/);

    clock += 61_000;
    expect((await resend()).statusCode).toBe(200);
    await app.outbox.drain();
    const second = invitationTokenFor(smtp, email);
    expect(second).not.toBe(first);
    const old = await preview(first);
    expect(old.statusCode).toBe(404);
    expect(old.json().detail).toBe("This invitation link is not valid; ask for a new invitation.");

    clock += 7 * 24 * 3_600_000;
    const expired = await preview(second);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().detail).toBe("This invitation has expired; ask for a new one.");

    const other = uniqueEmail();
    const again = (await invite(app, owner, other)).json();
    await app.outbox.drain();
    const revoked = await app.inject({
      method: "DELETE",
      url: `/api/v1/invitations/${again.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const withdrawn = await registerWith(invitationTokenFor(smtp, other));
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().detail).toBe("This invitation was withdrawn; ask for a new one.");
  });

  it("records invitations and joining in the audit log", async () => {
    const owner = await businessOwner();
    const member = await addMember(app, smtp, owner, "viewer");
    const events = await db()
      .handle.db.selectFrom("audit_events")
      .select(["action", "actor_label", "target_label"])
      .where("account_id", "=", owner.accountId)
      .orderBy("action")
      .execute();
    expect(events).toEqual([
      { action: "member.invited", actor_label: owner.email, target_label: member.email },
      { action: "member.joined", actor_label: member.email, target_label: member.email },
      { action: "sign_in.succeeded", actor_label: member.email, target_label: member.email },
    ]);
  });
});
