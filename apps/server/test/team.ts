import type { PlanId } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { sessionFrom, type TestSession, uniqueEmail } from "./sessions.ts";
import type { SmtpSink } from "./smtp-sink.ts";

/** Puts an account on a plan, as the operator would. */
export async function putOnPlan(db: Kysely<Database>, accountId: string, plan: PlanId) {
  await db.updateTable("accounts").set({ plan }).where("id", "=", accountId).execute();
}

/** The invitation token in the newest mail sent to the address. */
export function invitationTokenFor(smtp: SmtpSink, email: string): string {
  const mail = smtp.received
    .filter((m) =>
      JSON.stringify(m.to ?? "")
        .toLowerCase()
        .includes(email.toLowerCase()),
    )
    .at(-1);
  const match = mail?.text?.match(/\/app\/invitations\/([\w-]+)/);
  if (!match?.[1]) throw new Error(`No invitation link for ${email} in: ${mail?.text}`);
  return match[1];
}

/** Invites an address into the session's account and answers the API's reply. */
export function invite(
  app: FastifyInstance,
  by: TestSession,
  email: string,
  role = "member",
  extra: Record<string, unknown> = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/v1/invitations",
    headers: by.headers,
    payload: { email, role, ...extra },
  });
}

/** Invites a new address and registers it through the mailed link: the new member's session. */
export async function addMember(
  app: FastifyInstance,
  smtp: SmtpSink,
  by: TestSession,
  role = "member",
  email = uniqueEmail(role),
): Promise<TestSession> {
  const invited = await invite(app, by, email, role);
  if (invited.statusCode !== 201) throw new Error(`Inviting failed: ${invited.body}`);
  await app.outbox.drain();
  const password = "the member's password";
  const joined = await app.inject({
    method: "POST",
    url: `/api/v1/invitations/by-token/${invitationTokenFor(smtp, email)}/register`,
    payload: { password },
  });
  if (joined.statusCode !== 201) throw new Error(`Joining failed: ${joined.body}`);
  return sessionFrom(joined, email, password);
}

/** Invites a person who already signs in and accepts with their session, which moves to the account. */
export async function addInvitedPerson(
  app: FastifyInstance,
  smtp: SmtpSink,
  by: TestSession,
  person: TestSession,
  role = "member",
): Promise<void> {
  const invited = await invite(app, by, person.email, role);
  if (invited.statusCode !== 201) throw new Error(`Inviting failed: ${invited.body}`);
  await app.outbox.drain();
  const accepted = await app.inject({
    method: "POST",
    url: `/api/v1/invitations/by-token/${invitationTokenFor(smtp, person.email)}/accept`,
    headers: person.headers,
  });
  if (accepted.statusCode !== 200) throw new Error(`Accepting failed: ${accepted.body}`);
}
