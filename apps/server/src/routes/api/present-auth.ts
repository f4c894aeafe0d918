import type { ApiKeySummary } from "../../services/api-keys/list-api-keys.ts";
import type { SignedInView } from "../../services/auth/signed-in.ts";

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

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
    created_at: iso(key.createdAt),
    last_used_at: isoOrNull(key.lastUsedAt),
    revoked_at: isoOrNull(key.revokedAt),
  };
}
