import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AccountAccess } from "../../accounts/account-access.ts";
import { lockAccount } from "../../accounts/lock-account.ts";
import { actorOf, recordAuditEvent } from "../../audit/record-audit-event.ts";
import type { ServiceContext } from "../../context.ts";
import { ServiceError } from "../../service-error.ts";
import { storeOrExplain } from "../../storage-error.ts";
import { findCustomRole } from "./find-custom-role.ts";

/**
 * Deletes a custom role nobody uses: no member holds it, no pending invitation offers it and
 * single sign-on does not give it to new members. Allowed on every plan, so an account that
 * left Enterprise+ can still tidy up.
 */
export async function deleteCustomRole(
  ctx: ServiceContext,
  access: AccountAccess,
  id: string,
): Promise<void> {
  await storeOrExplain("the role", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      const role = await findCustomRole(trx, access.accountId, id);
      await enforceUnused(trx, ctx.now(), access.accountId, id, role.name);
      await trx.deleteFrom("custom_roles").where("id", "=", id).execute();
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "custom_role.deleted",
        target: { type: "custom_role", id, label: role.name },
        changes: { permissions: { before: role.permissions, after: null } },
      });
    }),
  );
}

async function enforceUnused(
  trx: Kysely<Database>,
  now: number,
  accountId: string,
  id: string,
  name: string,
): Promise<void> {
  const members = await trx
    .selectFrom("memberships")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("account_id", "=", accountId)
    .where("custom_role_id", "=", id)
    .executeTakeFirstOrThrow();
  const holders = Number(members.count);
  if (holders > 0) {
    throw new ServiceError(
      "conflict",
      `${holders === 1 ? "1 member has" : `${holders} members have`} the role ${name}; give them another role before deleting it.`,
    );
  }
  const invitation = await trx
    .selectFrom("invitations")
    .select("id")
    .where("account_id", "=", accountId)
    .where("custom_role_id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (invitation) {
    throw new ServiceError(
      "conflict",
      `A pending invitation offers the role ${name}; revoke it before deleting the role.`,
    );
  }
  const sso = await trx
    .selectFrom("sso_configs")
    .select("account_id")
    .where("account_id", "=", accountId)
    .where("default_custom_role_id", "=", id)
    .executeTakeFirst();
  if (sso) {
    throw new ServiceError(
      "conflict",
      `Single sign-on gives new members the role ${name}; choose another default role there first.`,
    );
  }
}
