import {
  type ExpectedStatus,
  type HeaderEntry,
  type HttpMethod,
  headerValue,
  parseExpectedStatusText,
} from "@upwatch/core";
import type { MonitorFormValues } from "../form-values.ts";
import { HttpFields } from "../http-fields.tsx";
import type { CheckTypeForm, FieldProblem, TargetField } from "./check-type-form.ts";

/** One custom request header as the form edits it; a secret one is shown masked once saved. */
export interface HeaderRow {
  name: string;
  value: string;
  secret: boolean;
}

/** The request an HTTP or keyword monitor makes, as the form edits it. */
export interface HttpValues {
  method: HttpMethod;
  expected_status_codes: string;
  follow_redirects: boolean;
  verify_tls: boolean;
  body: string;
  headers: HeaderRow[];
  auth_type: "none" | "basic" | "bearer";
  auth_username: string;
  auth_password: string;
  auth_token: string;
}

/** The plan rule on headers and authentication is shown under the headers. */
export const AUTH_SHOWS_HEADERS = {
  auth_type: "headers",
  auth_username: "headers",
  auth_password: "headers",
  auth_token: "headers",
} as const;

/** What the target field of a type checked at a URL shares. */
export const URL_TARGET = {
  label: "URL",
  inputMode: "url",
  standIn: "https://x.example/",
} as const satisfies Partial<TargetField>;

const defaults = (): HttpValues => ({
  method: "GET",
  expected_status_codes: "",
  follow_redirects: true,
  verify_tls: true,
  body: "",
  headers: [],
  auth_type: "none",
  auth_username: "",
  auth_password: "",
  auth_token: "",
});

/** The request's fields from a saved monitor's options; secrets stay masked. */
export function httpValuesFromOptions(o: Record<string, unknown>): HttpValues {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const auth = (o.auth ?? null) as Record<string, string> | null;
  return {
    method: (o.method as HttpMethod | undefined) ?? defaults().method,
    expected_status_codes: Array.isArray(o.expected_status_codes)
      ? o.expected_status_codes.join(", ")
      : "",
    follow_redirects: o.follow_redirects !== false,
    verify_tls: o.verify_tls !== false,
    body: text(o.body),
    headers: Object.entries((o.headers ?? {}) as Record<string, HeaderEntry>).map(
      ([name, entry]) => ({
        name,
        value: headerValue(entry),
        secret: typeof entry !== "string" && entry.secret === true,
      }),
    ),
    auth_type: auth?.type === "basic" || auth?.type === "bearer" ? auth.type : "none",
    auth_username: text(auth?.username),
    auth_password: text(auth?.password),
    auth_token: text(auth?.token),
  };
}

function statusCodes(text: string): ExpectedStatus[] | FieldProblem {
  const read = parseExpectedStatusText(text);
  return "problem" in read
    ? { field: "expected_status_codes", message: read.problem }
    : read.entries;
}

/** The request as the API takes it, or the status codes' problem. */
export function httpOptions(values: MonitorFormValues): Record<string, unknown> | FieldProblem {
  const codes = statusCodes(values.expected_status_codes);
  if (!Array.isArray(codes)) return codes;
  const headers: Record<string, string | { value: string; secret: true }> = {};
  for (const row of values.headers) {
    if (!row.name.trim() && !row.value.trim()) continue;
    headers[row.name.trim()] = row.secret ? { value: row.value, secret: true } : row.value;
  }
  const auth =
    values.auth_type === "basic"
      ? { type: "basic", username: values.auth_username, password: values.auth_password }
      : values.auth_type === "bearer"
        ? { type: "bearer", token: values.auth_token }
        : null;
  const sendsBody = values.method !== "GET" && values.method !== "HEAD";
  return {
    method: values.method,
    headers,
    body: sendsBody && values.body !== "" ? values.body : null,
    auth,
    expected_status_codes: codes,
    follow_redirects: values.follow_redirects,
    verify_tls: values.verify_tls,
  };
}

export const httpForm: CheckTypeForm<HttpValues> = {
  type: "http",
  description: "A web page or API answers with a good status code.",
  target: {
    ...URL_TARGET,
    hint: "The address to request, starting with http:// or https://.",
    placeholder: "https://example.com/",
  },
  section: { titleId: "options-title", title: "The request", Fields: HttpFields },
  linkedFields: AUTH_SHOWS_HEADERS,
  defaults,
  fromOptions: httpValuesFromOptions,
  toOptions: httpOptions,
  validation: {
    optionFields: {
      headers: "headers",
      auth: "auth_type",
      body: "body",
      expected_status_codes: "expected_status_codes",
      method: "method",
    },
  },
};
