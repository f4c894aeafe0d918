import type { ApiOperation } from "./api-operation.ts";
import {
  secureVariableRequestSchemas as input,
  secureVariableListResponse,
  secureVariableResponse,
} from "./secure-variable-schemas.ts";

/** Secure variables: values multi-step checks refer to as `secure:<name>`, never shown again. */
export const SECURE_VARIABLE_OPERATIONS = {
  listSecureVariables: {
    method: "GET",
    url: "/secure-variables",
    permission: "view",
    summary: "The account's secure variables: names and the monitors using them, never values",
    tag: "Secure variables",
    status: 200,
    response: secureVariableListResponse,
  },
  createSecureVariable: {
    method: "POST",
    url: "/secure-variables",
    permission: "secure_variables.manage",
    summary: "Store a secure variable; its value is encrypted and never shown again",
    tag: "Secure variables",
    body: input.create,
    status: 201,
    response: secureVariableResponse,
    conflict: "The account already has a secure variable with that name",
  },
  replaceSecureVariable: {
    method: "PUT",
    url: "/secure-variables/:name",
    permission: "secure_variables.manage",
    summary: "Replace a secure variable's value; the monitors using it run with the new one",
    tag: "Secure variables",
    params: input.params,
    body: input.replace,
    status: 200,
    response: secureVariableResponse,
  },
  deleteSecureVariable: {
    method: "DELETE",
    url: "/secure-variables/:name",
    permission: "secure_variables.manage",
    summary: "Delete a secure variable no monitor uses",
    tag: "Secure variables",
    params: input.params,
    status: 204,
    conflict: "A monitor still uses the secure variable",
  },
} as const satisfies Record<string, ApiOperation>;
