import { queryOptions } from "@tanstack/react-query";
import type { SecureVariable } from "@upwatch/api";
import { apiRequest } from "../api-client.ts";

export type { SecureVariable };

export const secureVariablesKey = ["secure-variables"] as const;

const path = (name: string) => `/secure-variables/${encodeURIComponent(name)}`;

/** The account's secure variables, names only. */
export const secureVariablesQuery = () =>
  queryOptions({
    queryKey: secureVariablesKey,
    queryFn: () => apiRequest<{ data: SecureVariable[] }>("GET", "/secure-variables"),
  });

export function createSecureVariable(name: string, value: string): Promise<SecureVariable> {
  return apiRequest<SecureVariable>("POST", "/secure-variables", { name, value });
}

export function replaceSecureVariable(name: string, value: string): Promise<SecureVariable> {
  return apiRequest<SecureVariable>("PUT", path(name), { value });
}

export function deleteSecureVariable(name: string): Promise<void> {
  return apiRequest<void>("DELETE", path(name));
}
