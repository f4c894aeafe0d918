import type { ApiKeySummary } from "../services/api-keys/list-api-keys.ts";
import type { SignedInView } from "../services/auth/signed-in.ts";
import { isoTime, isoTimeOrNull } from "../time.ts";

export function presentSignedIn(view: SignedInView) {
  return {
    user: view.user,
    account: view.account,
    membership: {
      role: view.membership.role,
      role_name: view.membership.roleName,
      permissions: view.membership.permissions,
    },
    accounts: view.accounts,
    csrf_token: view.csrfToken,
  };
}

export function presentApiKey(key: ApiKeySummary) {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scope: key.scope,
    created_at: isoTime(key.createdAt),
    last_used_at: isoTimeOrNull(key.lastUsedAt),
    revoked_at: isoTimeOrNull(key.revokedAt),
  };
}
