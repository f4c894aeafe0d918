import { expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { createAccount } from "../../services/accounts/create-account.ts";
import { createServiceContext } from "../../services/context.ts";
import { ACCOUNT_COMMANDS } from "./accounts.ts";

let counter = 0;
const address = () => {
  counter += 1;
  return `person-${counter}-${Date.now()}@example.com`;
};

describeEachDatabase("the operator adding a person to an account", (db) => {
  const ctx = () => createServiceContext(db().handle.db, TEST_SECRETS);
  const addMember = (options: { account?: string; email?: string; role?: string }) =>
    ACCOUNT_COMMANDS["add-member"]!(ctx(), options);

  /** A person with their own account, who can be added to another. */
  async function person() {
    const email = address();
    const own = await createAccount(ctx(), { name: "Own", plan: "free", ownerEmail: email });
    return { email, userId: own.userId };
  }

  it("adds a person as a viewer and opens that account at their next sign-in", async () => {
    const team = await createTestAccount(db(), "business");
    const ana = await person();
    const output = await addMember({ account: team.accountId, email: ana.email, role: "viewer" });
    expect(output).toBe(
      `${ana.email} (${ana.userId}) is now a viewer of ${team.accountId}; their next sign-in opens it.\n`,
    );
    const membership = await db()
      .handle.db.selectFrom("memberships")
      .select("role")
      .where("account_id", "=", team.accountId)
      .where("user_id", "=", ana.userId)
      .executeTakeFirst();
    expect(membership?.role).toBe("viewer");
    const user = await db()
      .handle.db.selectFrom("users")
      .select("account_id")
      .where("id", "=", ana.userId)
      .executeTakeFirstOrThrow();
    expect(user.account_id).toBe(team.accountId);
    const events = await db()
      .handle.db.selectFrom("audit_events")
      .select(["action", "actor_kind"])
      .where("account_id", "=", team.accountId)
      .execute();
    expect(events).toContainEqual({ action: "member.joined", actor_kind: "operator" });
  });

  it("refuses the owner role, an unknown address and someone already a member", async () => {
    const team = await createTestAccount(db(), "business");
    const ana = await person();
    await expect(
      addMember({ account: team.accountId, email: ana.email, role: "owner" }),
    ).rejects.toThrow("The role must be one of admin, member, viewer.");
    await expect(
      addMember({ account: team.accountId, email: address(), role: "viewer" }),
    ).rejects.toThrow(
      "Nobody signs in with that address; the person gets a sign-in first (by registering, through an invitation, or with create-account), then is added.",
    );
    await addMember({ account: team.accountId, email: ana.email, role: "member" });
    await expect(
      addMember({ account: team.accountId, email: ana.email, role: "viewer" }),
    ).rejects.toThrow("That person is already a member of the account.");
  });

  it("refuses a person beyond the plan's users", async () => {
    const solo = await createTestAccount(db(), "free");
    const ana = await person();
    await expect(
      addMember({ account: solo.accountId, email: ana.email, role: "viewer" }),
    ).rejects.toThrow(
      "Your plan (Free) allows 1 user; the account has 1 (members and pending invitations). Remove one or upgrade to add more.",
    );
  });

  it("explains a missing option", async () => {
    await expect(addMember({ account: "acc_x", email: "x@example.com" })).rejects.toThrow(
      "This command needs --role.",
    );
  });
});
