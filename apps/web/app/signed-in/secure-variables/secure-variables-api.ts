import { queryOptions } from "@tanstack/react-query";
import type { SecureVariable } from "@upwatch/api";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";

export type { SecureVariable };

export const secureVariablesKey = ["secure-variables"] as const;

/** The account's secure variables, names only. */
export const secureVariablesQuery = () =>
  queryOptions({
    queryKey: secureVariablesKey,
    queryFn: () => call(OP.listSecureVariables),
  });

export function createSecureVariable(name: string, value: string): Promise<SecureVariable> {
  return call(OP.createSecureVariable, { body: { name, value } });
}

export function replaceSecureVariable(name: string, value: string): Promise<SecureVariable> {
  return call(OP.replaceSecureVariable, { params: { name }, body: { value } });
}

export function deleteSecureVariable(name: string): Promise<void> {
  return call(OP.deleteSecureVariable, { params: { name } });
}
