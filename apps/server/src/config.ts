import { isIP } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  ANALYTICS_PROVIDERS,
  type AnalyticsProvider,
  EDITIONS,
  type Edition,
  HISTORY_DAYS_CHOICE,
  PLAN_IDS,
  type PlanId,
  REGIONS,
  REGISTRATION_MODES,
  type Region,
  type RegistrationMode,
} from "@upwatch/core";
import { z } from "zod";
import { parseSecretsKey, type SecretsKey } from "./secrets/secrets-key.ts";

/** Where `npm run build` and `npm run package:agent` put the agent's packages. */
const BUILT_AGENT_PACKAGES = fileURLToPath(
  new URL("../../../dist/agent-packages", import.meta.url),
);

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const httpUrl = z
  .string()
  .url({ message: "must be a full http(s) URL such as https://status.example.com" })
  .refine((value) => /^https?:\/\//.test(value), { message: "must start with http:// or https://" })
  .refine((value) => !/[?#]/.test(value), { message: "must not contain a query or a fragment" })
  .transform((value) => value.replace(/\/+$/, ""));

const portNumber = z.coerce
  .number({ message: "must be a whole number from 1 to 65535" })
  .int({ message: "must be a whole number from 1 to 65535" })
  .min(1, { message: "must be a whole number from 1 to 65535" })
  .max(65535, { message: "must be a whole number from 1 to 65535" });

const port = (fallback: number) => portNumber.default(fallback);

const email = z
  .string()
  .email({ message: "must be an e-mail address such as support@example.com" });

const historyDaysMessage = `must be a whole number of days from ${HISTORY_DAYS_CHOICE.min} to ${HISTORY_DAYS_CHOICE.operatorCeiling}`;

/** Every environment variable the server reads, with its default. */
const environmentSchema = z.object({
  EDITION: z.enum(EDITIONS, { message: `must be one of ${EDITIONS.join(", ")}` }).default("hosted"),
  PORT: port(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, {
      message: "must be a postgres:// URL (leave it unset for SQLite)",
    })
    .optional(),
  PUBLIC_URL: httpUrl.optional(),
  APP_URL: httpUrl.optional(),
  API_URL: httpUrl.optional(),
  SUPPORT_EMAIL: email.default("support@upwatch.example"),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` })
    .default("info"),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: port(587),
  SMTP_SECURE: flag.default(false),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default("Upwatch <no-reply@upwatch.example>"),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/, ]+)$/, {
      message:
        "must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses",
    })
    .default("false"),
  FORMS_RATE_LIMIT: z.coerce
    .number({ message: "must be a whole number (0 switches the limit off)" })
    .int({ message: "must be a whole number (0 switches the limit off)" })
    .min(0, { message: "must be a whole number (0 switches the limit off)" })
    .default(5),
  FORMS_RATE_WINDOW_SECONDS: z.coerce
    .number({ message: "must be a whole number of seconds from 1 to 86400" })
    .int({ message: "must be a whole number of seconds from 1 to 86400" })
    .min(1, { message: "must be a whole number of seconds from 1 to 86400" })
    .max(86400, { message: "must be a whole number of seconds from 1 to 86400" })
    .default(600),
  REDIS_URL: z
    .string()
    .url({ message: "must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379" })
    .regex(/^rediss?:\/\//, {
      message: "must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379",
    })
    .optional(),
  SIGNUP_RATE_LIMIT: z.coerce
    .number({ message: "must be a whole number (0 switches the limit off)" })
    .int({ message: "must be a whole number (0 switches the limit off)" })
    .min(0, { message: "must be a whole number (0 switches the limit off)" })
    .default(20),
  SESSION_RATE_LIMIT: z.coerce
    .number({ message: "must be a whole number (0 switches the limit off)" })
    .int({ message: "must be a whole number (0 switches the limit off)" })
    .min(0, { message: "must be a whole number (0 switches the limit off)" })
    .default(300),
  HISTORY_DAYS_MAX: z.coerce
    .number({ message: historyDaysMessage })
    .int({ message: historyDaysMessage })
    .min(HISTORY_DAYS_CHOICE.min, { message: historyDaysMessage })
    .max(HISTORY_DAYS_CHOICE.operatorCeiling, { message: historyDaysMessage })
    .default(HISTORY_DAYS_CHOICE.defaultMax),
  ALLOW_PRIVATE_TARGETS: flag.optional(),
  RUN_CHECKS: flag.default(true),
  CHECK_CONCURRENCY: z.coerce
    .number({ message: "must be a whole number from 1 to 10000" })
    .int({ message: "must be a whole number from 1 to 10000" })
    .min(1, { message: "must be a whole number from 1 to 10000" })
    .max(10000, { message: "must be a whole number from 1 to 10000" })
    .default(500),
  FORMS_MIN_FILL_MS: z.coerce
    .number({ message: "must be a whole number of milliseconds (0 switches the check off)" })
    .int({ message: "must be a whole number of milliseconds (0 switches the check off)" })
    .min(0, { message: "must be a whole number of milliseconds (0 switches the check off)" })
    .default(1500),
  SMS_API_URL: httpUrl.default("https://api.twilio.com"),
  TELEGRAM_API_URL: httpUrl.default("https://api.telegram.org"),
  PUSHOVER_API_URL: httpUrl.default("https://api.pushover.net"),
  PAGERDUTY_EVENTS_URL: httpUrl.default("https://events.pagerduty.com/v2/enqueue"),
  OPSGENIE_API_URL: httpUrl.default("https://api.opsgenie.com"),
  OPSGENIE_EU_API_URL: httpUrl.default("https://api.eu.opsgenie.com"),
  SMS_ACCOUNT_SID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "must be the account id of letters and digits" })
    .optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11}|MG[0-9a-fA-F]{32})$/, {
      message:
        "must be the sending number in international format (+15550100), an alphanumeric sender id or a messaging service id",
    })
    .optional(),
  // Never checked against a pattern, so that no refusal echoes a secret into a log.
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: httpUrl.default("https://api.stripe.com"),
  IOS_APP_URL: httpUrl.optional(),
  ANDROID_APP_URL: httpUrl.optional(),
  ANALYTICS_PROVIDER: z
    .enum(ANALYTICS_PROVIDERS, { message: `must be one of ${ANALYTICS_PROVIDERS.join(", ")}` })
    .optional(),
  ANALYTICS_ID: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, { message: "must be a measurement id of letters, digits and dashes" })
    .optional(),
  AD_PIXEL_ID: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, { message: "must be a pixel id of letters, digits and dashes" })
    .optional(),
  DEFAULT_PLAN: z.enum(PLAN_IDS, { message: `must be one of ${PLAN_IDS.join(", ")}` }).optional(),
  REGISTRATION: z
    .enum(REGISTRATION_MODES, { message: `must be one of ${REGISTRATION_MODES.join(", ")}` })
    .optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, {
      message:
        "must be 16 to 256 visible characters without spaces, such as the output of openssl rand -hex 32",
    })
    .optional(),
  METRICS_PORT: portNumber.optional(),
  LOCAL_REGION: z
    .enum([...REGIONS, "none"], { message: `must be one of ${REGIONS.join(", ")}, or none` })
    .default("us-west-1"),
  LOCAL_REGION_NAME: z
    .string()
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} ,.'()&/-]{0,39}$/u, {
      message:
        "must be a place name of 1 to 40 letters, digits, spaces and , . ' ( ) & / -, such as Office or Frankfurt",
    })
    .optional(),
  BROKER_URL: z
    .string()
    .url({ message: "must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379" })
    .regex(/^rediss?:\/\//, {
      message: "must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379",
    })
    .optional(),
  OPERATOR_EMAIL: email.optional(),
  AGENT_PACKAGES_DIR: z.string().min(1).optional(),
  DNS_VERIFICATION_RESOLVER: z
    .string()
    .refine(isResolverAddress, {
      message:
        "must be the IP address of a DNS server, with a port if not 53, such as 127.0.0.1:5353 or [2001:db8::53]:53",
    })
    .optional(),
});

/** A Twilio-compatible SMS API: where it is and the account that sends. */
export interface SmsConfig {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

/** Payments through Stripe: the account's keys and where its API answers. */
export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string | undefined;
  password?: string | undefined;
}

/** The validated configuration the server runs with. */
export interface Config {
  /** Which product this server is: the hosted service, or the self-hosted edition without walls. */
  edition: Edition;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string | undefined;
  publicUrl: string;
  /** Whether PUBLIC_URL was set; unset, every link names localhost. */
  publicUrlSet: boolean;
  appUrl: string;
  apiUrl: string;
  supportEmail: string;
  logLevel: (typeof LOG_LEVELS)[number];
  smtp?: SmtpConfig | undefined;
  mailFrom: string;
  /** Unset when the operator has not set up SMS; SMS channels are then refused. */
  sms?: SmsConfig | undefined;
  /** Where Telegram's Bot API answers: Telegram's own, or the operator's Bot API server. */
  telegramApiUrl: string;
  /** Where Pushover's message API answers: Pushover's own unless changed. */
  pushoverApiUrl: string;
  /** Where PagerDuty events and Opsgenie alerts are sent: the services' public APIs unless changed. */
  paging: { pagerDutyEventsUrl: string; opsgenieApiUrls: { us: string; eu: string } };
  /** Unset when the operator has not set up Stripe; plans then change only by the admin command. */
  billing?: BillingConfig | undefined;
  /** Which proxies may tell us the client address: none, all, the nearest N hops, or these addresses. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  forms: { rateLimit: number; rateWindowSeconds: number; minFillMs: number };
  /** Registrations, and password-reset requests, allowed per client address per hour (0: off). */
  signupRateLimit: number;
  /** API requests of the signed-in app (sessions) allowed per account per minute (0: off). */
  sessionRateLimit: number;
  /** Where rate-limit counters are shared between server processes; unset: each counts alone. */
  redisUrl?: string | undefined;
  monitoring: { allowPrivateTargets: boolean; runChecks: boolean; checkConcurrency: number };
  /** The longest history (days) an account whose plan lets it choose may keep. */
  maxHistoryDays: number;
  iosAppUrl: string;
  androidAppUrl: string;
  analyticsProvider: AnalyticsProvider;
  analyticsId: string;
  adPixelId: string;
  /** The plan of every account made by registering. */
  defaultPlan: PlanId;
  /** Who may give themselves a sign-in: anyone, the first person, invited people only, or nobody. */
  registration: RegistrationMode;
  /** Where `/metrics` is served: behind this bearer token, and/or on a port of its own. */
  metrics: { token?: string | undefined; port?: number | undefined };
  /** The key stored secrets are sealed with; unset: a key file in the data folder. */
  secretsKey?: SecretsKey | undefined;
  /** The region checked in-process (null: none), the broker runners use, and who hears of outages. */
  regions: {
    localRegion: Region | null;
    /** What the local region is called here (LOCAL_REGION_NAME); unset: the catalogue's place. */
    localRegionName?: string;
    brokerUrl?: string;
    operatorEmail?: string;
  };
  /** The folder whose agent packages are offered at `/downloads/agent/<file>`. */
  agentPackagesDir: string;
  /** The DNS server domain proofs (TXT records) are looked up with; unset: the system's. */
  dnsVerificationResolver?: string | undefined;
}

/** Raised for a bad environment; its message is one line naming the variable. */
export class ConfigError extends Error {}

/** Reads and validates the environment once; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got "${env[name]}").`);
  }
  const e = parsed.data;
  const analyticsProvider = e.ANALYTICS_PROVIDER ?? (e.ANALYTICS_ID ? "gtag" : "none");
  if (analyticsProvider === "gtag" && !e.ANALYTICS_ID) {
    throw new ConfigError(
      "Invalid configuration: ANALYTICS_PROVIDER gtag needs ANALYTICS_ID, the measurement id such as G-XXXXXXXXXX.",
    );
  }
  const smsSettings = [e.SMS_ACCOUNT_SID, e.SMS_AUTH_TOKEN, e.SMS_FROM];
  if (smsSettings.some(Boolean) && !smsSettings.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration: SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM must be set together to send SMS.",
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      "Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together to take payments.",
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      `Invalid configuration: METRICS_PORT must differ from PORT (both are ${e.PORT}); use METRICS_TOKEN to serve metrics on the main port.`,
    );
  }
  // Read apart from the schema so that a bad key is never echoed into a log.
  const secretsKey =
    present.SECRETS_KEY === undefined ? undefined : parseSecretsKey(present.SECRETS_KEY);
  if (present.SECRETS_KEY !== undefined && !secretsKey) {
    throw new ConfigError(
      "Invalid configuration: SECRETS_KEY must be 32 bytes written as 64 hexadecimal characters or as base64, such as the output of openssl rand -base64 32.",
    );
  }
  if (e.EDITION === "self-hosted") refuseHostedOnlySettings(e);
  const selfHosted = e.EDITION === "self-hosted";
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    edition: e.EDITION,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    appUrl: e.APP_URL ?? `${publicUrl}/app`,
    apiUrl: e.API_URL ?? "",
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE,
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
        }
      : undefined,
    mailFrom: e.MAIL_FROM,
    sms:
      e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? {
            apiUrl: e.SMS_API_URL,
            accountSid: e.SMS_ACCOUNT_SID,
            authToken: e.SMS_AUTH_TOKEN,
            from: e.SMS_FROM,
          }
        : undefined,
    telegramApiUrl: e.TELEGRAM_API_URL,
    pushoverApiUrl: e.PUSHOVER_API_URL,
    paging: {
      pagerDutyEventsUrl: e.PAGERDUTY_EVENTS_URL,
      opsgenieApiUrls: { us: e.OPSGENIE_API_URL, eu: e.OPSGENIE_EU_API_URL },
    },
    billing:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    monitoring: {
      // A self-hosted server mostly watches its own network.
      allowPrivateTargets: e.ALLOW_PRIVATE_TARGETS ?? selfHosted,
      runChecks: e.RUN_CHECKS,
      checkConcurrency: e.CHECK_CONCURRENCY,
    },
    forms: {
      rateLimit: e.FORMS_RATE_LIMIT,
      rateWindowSeconds: e.FORMS_RATE_WINDOW_SECONDS,
      minFillMs: e.FORMS_MIN_FILL_MS,
    },
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    sessionRateLimit: e.SESSION_RATE_LIMIT,
    maxHistoryDays: e.HISTORY_DAYS_MAX,
    redisUrl: e.REDIS_URL,
    iosAppUrl: e.IOS_APP_URL ?? "",
    androidAppUrl: e.ANDROID_APP_URL ?? "",
    analyticsProvider,
    analyticsId: e.ANALYTICS_ID ?? "",
    adPixelId: e.AD_PIXEL_ID ?? "",
    defaultPlan: e.DEFAULT_PLAN ?? (selfHosted ? "self-hosted" : "free"),
    registration: e.REGISTRATION ?? (selfHosted ? "first-account" : "open"),
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    secretsKey,
    regions: {
      localRegion: e.LOCAL_REGION === "none" ? null : e.LOCAL_REGION,
      ...(e.LOCAL_REGION_NAME ? { localRegionName: e.LOCAL_REGION_NAME } : {}),
      ...(e.BROKER_URL ? { brokerUrl: e.BROKER_URL } : {}),
      ...(e.OPERATOR_EMAIL ? { operatorEmail: e.OPERATOR_EMAIL } : {}),
    },
    agentPackagesDir: resolve(e.AGENT_PACKAGES_DIR ?? BUILT_AGENT_PACKAGES),
    dnsVerificationResolver: e.DNS_VERIFICATION_RESOLVER,
  };
}

/** The settings that belong to the hosted service's site and shop, which the self-hosted edition has not. */
const HOSTED_ONLY_SETTINGS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "AD_PIXEL_ID",
  "IOS_APP_URL",
  "ANDROID_APP_URL",
] as const;

function refuseHostedOnlySettings(e: z.infer<typeof environmentSchema>): void {
  const set = HOSTED_ONLY_SETTINGS.filter((name) => e[name] !== undefined);
  if (!set.length) return;
  throw new ConfigError(
    `Invalid configuration: ${set.join(", ")} ${set.length === 1 ? "belongs" : "belong"} to the hosted edition (its shop and public site): unset ${set.length === 1 ? "it" : "them"}, or run the hosted edition.`,
  );
}

/** `1.2.3.4`, `1.2.3.4:5353`, `2001:db8::53` or `[2001:db8::53]:5353`, as Node's resolver takes them. */
function isResolverAddress(value: string): boolean {
  const match =
    /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value) ?? /^([\d.]+)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return isIP(value) === 6;
  const port = match[2] === undefined ? 53 : Number(match[2]);
  return isIP(match[1] ?? "") !== 0 && port >= 1 && port <= 65535;
}

function parseTrustProxy(value: string): Config["trustProxy"] {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}
