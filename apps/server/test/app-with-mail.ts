import type { FastifyInstance } from "fastify";
import { createServiceContext, randomId, type ServiceContext } from "../src/services/context.ts";
import { buildTestApp } from "./app.ts";
import type { TestDatabase } from "./databases.ts";
import { TEST_SECRETS } from "./secrets.ts";
import { loopbackSmtpTransport, type SmtpSink, startSmtpSink } from "./smtp-sink.ts";

export interface AppWithMail {
  app: FastifyInstance;
  smtp: SmtpSink;
  ctx: ServiceContext;
  /** Closes the app, then the SMTP sink. */
  close(): Promise<void>;
}

/**
 * The app on `database` at https://upwatch.example, mailing to an SMTP sink of its own, its
 * clock read from `now` so a suite can move time on between steps, and any further settings.
 */
export async function startAppWithMail(
  database: TestDatabase,
  now: () => number,
  env: Record<string, string> = {},
): Promise<AppWithMail> {
  const smtp = await startSmtpSink();
  const ctx: ServiceContext = {
    ...createServiceContext(database.handle.db, TEST_SECRETS),
    now,
    newId: randomId,
  };
  const app = await buildTestApp(database, {
    ctx,
    env: { PUBLIC_URL: "https://upwatch.example", ...env },
    mailTransport: loopbackSmtpTransport(smtp.port),
  });
  return {
    app,
    smtp,
    ctx,
    close: async () => {
      await app.close();
      await smtp.close();
    },
  };
}
