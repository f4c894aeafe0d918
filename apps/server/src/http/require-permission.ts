import type { ApiOperation } from "@upwatch/api";
import { PERMISSION_DESCRIPTIONS, type Permission, ROLE_NAMES } from "@upwatch/core";
import type { FastifyRequest } from "fastify";
import type { AccountAccess } from "../services/accounts/account-access.ts";
import { ServiceError } from "../services/service-error.ts";

/**
 * Refuses a request whose caller's role (or key's scope) lacks the permission its operation
 * names. A route that names none is refused too, so a new route cannot be open by mistake.
 */
export async function requirePermission(request: FastifyRequest): Promise<void> {
  const permission = request.routeOptions.config.permission;
  if (permission === undefined) {
    throw new Error(`The route ${request.routeOptions.url} declares no permission.`);
  }
  if (permission === "self") return;
  const access = request.access;
  if (access?.permissions?.has(permission)) return;
  throw new ServiceError("forbidden", refusal(access, permission));
}

/** Why a caller may not: in the words of its role or key, and what would allow it. */
export function refusal(access: AccountAccess | undefined, permission: Permission): string {
  const what = lowerFirst(PERMISSION_DESCRIPTIONS[permission]);
  if (access?.apiKeyId) {
    if (permission === "account.own") {
      return `Only the account's owner, signed in, may ${what}; API keys cannot.`;
    }
    return `This API key is read-only; to ${what}, use a key with full access.`;
  }
  if (permission === "account.own") return `Only the account's owner may ${what}.`;
  const role =
    access?.role === "custom" || access?.role === undefined
      ? "Your role"
      : `Your role (${ROLE_NAMES[access.role]})`;
  return `${role} does not allow you to ${what}; ask an owner or admin of the account.`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The permission the route's operation names (see routeOf). */
    permission?: ApiOperation["permission"];
  }
}
