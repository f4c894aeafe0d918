import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../api-client.ts";

/** A monitor that refers to a secure variable. */
export interface SecureVariableUser {
  id: string;
  name: string;
}

/** A secure variable as the API lists it: its name and who uses it, never its value. */
export interface SecureVariable {
  name: string;
  created_at: string;
  updated_at: string;
  used_by: SecureVariableUser[];
}

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
