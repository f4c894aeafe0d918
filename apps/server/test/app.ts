import type { NetworkAccess } from "@upwatch/checks";
import type { FastifyInstance } from "fastify";
import { type Config, loadConfig } from "../src/config.ts";
import type { MailTransport } from "../src/mail/outgoing-mail.ts";
import type { ServiceContext } from "../src/services/context.ts";
import { type AppDependencies, buildApp } from "../src/wiring/app.ts";
import type { TestDatabase } from "./databases.ts";
import { TEST_SECRETS_KEY } from "./secrets.ts";

/** A configuration as a fresh install would have it, with quiet logs and any overrides. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: "./data/test",
    RUN_CHECKS: "false",
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...env,
  });
}

export interface TestAppOptions {
  env?: Record<string, string>;
  webClientDir?: string;
  mailTransport?: MailTransport;
  ctx?: ServiceContext;
  /** The outbox does not send by itself unless asked; tests call `app.outbox.drain()`. */
  startOutboxWorker?: boolean;
  /** Escalations and notifications do not run by themselves unless asked; tests drive them. */
  startAlerting?: boolean;
  /** The network checks, webhooks and Slack use (host names resolved from a test list). */
  network?: NetworkAccess;
  /** The start of the rate-limit keys when `REDIS_URL` is set (see rate-limit-stores.ts). */
  rateLimitKeyPrefix?: string;
  /** Replaces the check runner the engine uses. */
  runCheck?: AppDependencies["runCheck"];
  /** Receives the server's log lines (set LOG_LEVEL in env to hear them). */
  logStream?: { write(line: string): void };
  /** Sees every route as it is added. */
  onRoute?: AppDependencies["onRoute"];
}

/** The whole HTTP application on a test database, driven in-process with `inject`. */
export async function buildTestApp(
  database: TestDatabase,
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(options.env),
    database: database.handle,
    webClientDir: options.webClientDir,
    mailTransport: options.mailTransport,
    ctx: options.ctx,
    startOutboxWorker: options.startOutboxWorker ?? false,
    startAlerting: options.startAlerting ?? false,
    network: options.network,
    rateLimitKeyPrefix: options.rateLimitKeyPrefix,
    logStream: options.logStream,
    runCheck: options.runCheck,
    onRoute: options.onRoute,
  });
  await app.ready();
  return app;
}
