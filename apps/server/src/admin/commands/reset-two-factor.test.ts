import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createAccount } from "../../services/accounts/create-account.ts";
import { createServiceContext } from "../../services/context.ts";
import { addMember } from "../../services/team/add-member.ts";
import { ACCOUNT_COMMANDS } from "./accounts.ts";

let counter = 0;
const address = () => {
  counter += 1;
  return `reset-${counter}-${Date.now()}@example.com`;
};

describeEachDatabase("the operator resetting someone's two-factor sign-in", (db) => {
  const ctx = () => createServiceContext(db().handle.db, TEST_SECRETS);
  const reset = (options: { email?: string }) =>
    ACCOUNT_COMMANDS["reset-two-factor"]!(ctx(), options);

  /** A person with two-factor on, recovery codes and two sessions, in two accounts. */
  async function lockedOut() {
    const email = address();
    const own = await createAccount(ctx(), { name: "Own", plan: "business", ownerEmail: email });
    const team = await createAccount(ctx(), {
      name: "Team",
      plan: "business",
      ownerEmail: address(),
    });
    await addMember(ctx(), { accountId: team.accountId, email, role: "member" });
    const handle = db().handle.db;
    const now = Date.now();
    await handle
      .insertInto("two_factor")
      .values({
        user_id: own.userId,
        secret_sealed: "sealed",
        created_at: now,
        enabled_at: now,
        last_used_step: null,
      })
      .execute();
    await handle
      .insertInto("recovery_codes")
      .values({
        id: `rc_${counter}`,
        user_id: own.userId,
        code_hash: "f".repeat(64),
        created_at: now,
        used_at: null,
      })
      .execute();
    for (const account of [own.accountId, team.accountId]) {
      await handle
        .insertInto("sessions")
        .values({
          token_hash: `${account}-${own.userId}`.padEnd(64, "0"),
          user_id: own.userId,
          account_id: account,
          created_at: now,
          expires_at: now + 3_600_000,
          last_seen_at: now,
          ip_address: null,
          user_agent: null,
        })
        .execute();
    }
    return { email, userId: own.userId, accounts: [own.accountId, team.accountId] };
  }

  it("turns two-factor off, deletes the recovery codes, signs them out everywhere and mails them", async () => {
    const person = await lockedOut();
    const output = await reset({ email: person.email.toUpperCase() });
    expect(output).toBe(
      `Two-factor sign-in is off for ${person.email.toUpperCase()} (${person.userId}): recovery codes deleted, 2 sessions ended, and they were told by mail.\n`,
    );
    const handle = db().handle.db;
    const left = async (table: "two_factor" | "recovery_codes" | "sessions") =>
      handle.selectFrom(table).select("user_id").where("user_id", "=", person.userId).execute();
    expect(await left("two_factor")).toEqual([]);
    expect(await left("recovery_codes")).toEqual([]);
    expect(await left("sessions")).toEqual([]);
    const mail = await handle
      .selectFrom("outbox")
      .select(["kind", "message"])
      .where("recipient", "=", person.email)
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe("two-factor-reset");
    expect(JSON.parse(mail.message).text).toContain("turned two-factor sign-in off");
    for (const account of person.accounts) {
      const events = await handle
        .selectFrom("audit_events")
        .select(["action", "actor_kind", "actor_label", "target_id"])
        .where("account_id", "=", account)
        .where("action", "=", "two_factor.disabled")
        .execute();
      expect(events).toEqual([
        {
          action: "two_factor.disabled",
          actor_kind: "operator",
          actor_label: "Operator",
          target_id: person.userId,
        },
      ]);
    }
  });

  it("explains an unknown address, a person without two-factor and a missing option", async () => {
    await expect(reset({ email: address() })).rejects.toThrow("Nobody signs in with that address.");
    const email = address();
    await createAccount(ctx(), { name: "Plain", plan: "free", ownerEmail: email });
    await expect(reset({ email })).rejects.toThrow(
      "That person has no two-factor sign-in to reset.",
    );
    await expect(reset({})).rejects.toThrow("This command needs --email.");
  });
});
