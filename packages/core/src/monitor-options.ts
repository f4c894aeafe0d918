import { z } from "zod";
import { expectedStatusCodesSchema } from "./expected-status-codes.ts";
import { heartbeatOptionsSchema } from "./heartbeats/heartbeat-options.ts";
import { parseResolverAddress } from "./monitor-targets.ts";
import {
  type CheckType,
  DNS_RECORD_TYPES,
  HTTP_METHODS,
  type ScheduledCheckType,
} from "./monitors.ts";
import { multiStepStructureSchema } from "./multi-step/multi-step-schema.ts";
import { requestHeadersSchema } from "./request-headers.ts";
import { storableText } from "./storable-text.ts";

const auth = z.discriminatedUnion(
  "type",
  [
    z.strictObject({
      type: z.literal("basic"),
      username: z.string().check(storableText("auth.username")).min(1).max(200),
      password: z.string().check(storableText("auth.password")).max(200),
    }),
    z.strictObject({
      type: z.literal("bearer"),
      token: z.string().check(storableText("auth.token")).min(1).max(4000),
    }),
  ],
  { message: 'auth.type must be "basic" (username, password) or "bearer" (token).' },
);

const httpFields = {
  method: z
    .enum(HTTP_METHODS, { message: `method must be one of ${HTTP_METHODS.join(", ")}.` })
    .default("GET"),
  headers: requestHeadersSchema.default({}),
  body: z
    .string()
    .check(storableText("The request body"))
    .max(65_536, { message: "The request body can be at most 64 KiB." })
    .nullable()
    .default(null),
  auth: auth.nullable().default(null),
  expected_status_codes: expectedStatusCodesSchema,
  follow_redirects: z.boolean().default(true),
  verify_tls: z.boolean().default(true),
};

/** Options of an `http` monitor. No expected codes means any 2xx is up. */
export const httpOptionsSchema = z.strictObject(httpFields);

/** Options of a `keyword` monitor: an HTTP request whose body must contain (or lack) a string. */
export const keywordOptionsSchema = z.strictObject({
  ...httpFields,
  keyword: z
    .string({ message: "A keyword monitor needs options.keyword, the text to look for." })
    .check(storableText("options.keyword"))
    .min(1, { message: "options.keyword cannot be empty." })
    .max(1000, { message: "options.keyword can be at most 1,000 characters." }),
  keyword_mode: z
    .enum(["present", "absent"], { message: 'keyword_mode must be "present" or "absent".' })
    .default("present"),
  case_sensitive: z.boolean().default(true),
});

const RESOLVER_MESSAGE =
  "options.resolver must be an IP address, optionally with a port, such as 9.9.9.9, 9.9.9.9:53 or [2620:fe::fe]:53.";

/** Options of a `dns` monitor. */
export const dnsOptionsSchema = z.strictObject({
  record_type: z
    .enum(DNS_RECORD_TYPES, {
      message: `record_type must be one of ${DNS_RECORD_TYPES.join(", ")}.`,
    })
    .default("A"),
  expected_value: z
    .string()
    .check(storableText("options.expected_value"))
    .trim()
    .min(1)
    .max(1000)
    .nullable()
    .default(null),
  resolver: z
    .string({ message: RESOLVER_MESSAGE })
    .trim()
    .refine((value) => parseResolverAddress(value) !== undefined, { message: RESOLVER_MESSAGE })
    .nullable()
    .default(null)
    .describe("A resolver as ip or ip:port ([v6]:port); the server's own resolver when null."),
});

/** Options of an `ssl` monitor. */
export const sslOptionsSchema = z.strictObject({
  min_days_remaining: z
    .number()
    .int()
    .min(0, { message: "min_days_remaining is from 0 to 365." })
    .max(365, { message: "min_days_remaining is from 0 to 365." })
    .default(7),
});

/** `ping` and `tcp` monitors take no options. */
export const noOptionsSchema = z.strictObject({});

/** One schema per check type: the single place that says what options each type takes. */
export const CHECK_OPTION_SCHEMAS = {
  http: httpOptionsSchema,
  keyword: keywordOptionsSchema,
  ping: noOptionsSchema,
  tcp: noOptionsSchema,
  dns: dnsOptionsSchema,
  ssl: sslOptionsSchema,
  multi_step: multiStepStructureSchema,
  heartbeat: heartbeatOptionsSchema,
} as const satisfies Record<CheckType, z.ZodType>;

export type HttpOptions = z.output<typeof httpOptionsSchema>;
export type KeywordOptions = z.output<typeof keywordOptionsSchema>;
export type DnsOptions = z.output<typeof dnsOptionsSchema>;
export type SslOptions = z.output<typeof sslOptionsSchema>;

/** The parsed options of each check type. */
export type CheckOptions = {
  [K in CheckType]: z.output<(typeof CHECK_OPTION_SCHEMAS)[K]>;
};

/** Everything a runner needs to perform one check. */
export type CheckSpec = {
  [K in ScheduledCheckType]: {
    type: K;
    target: string;
    timeoutMs: number;
    options: CheckOptions[K];
    /** Multi-step checks: the values of the secure variables the steps refer to. */
    secureValues?: Record<string, string> | undefined;
    /** Multi-step checks: how long the whole run may take; `timeoutMs` bounds each request. */
    runLimitMs?: number | undefined;
  };
}[ScheduledCheckType];

/** The check spec of one type. */
export type CheckSpecOf<K extends ScheduledCheckType> = Extract<CheckSpec, { type: K }>;
