import type { FastifyInstance } from "fastify";
import { addClosingStep } from "../closing-steps.ts";
import type { Config } from "../config.ts";
import { acceptFormPosts } from "../http/form-body.ts";
import { createMailTransport } from "../mail/create-transport.ts";
import { OutboxWorker } from "../mail/outbox-worker.ts";
import type { MailTransport } from "../mail/outgoing-mail.ts";
import { contactRoutes } from "../routes/contact.ts";
import { newsletterRoutes } from "../routes/newsletter.ts";
import type { ServiceContext } from "../services/context.ts";
import { loadServerSecret } from "../services/server-secret.ts";

export interface FormsOptions {
  config: Config;
  ctx: ServiceContext;
  mailTransport?: MailTransport | undefined;
  /** False in tests that drive the outbox by hand. */
  startOutboxWorker: boolean;
}

/** The public form endpoints and the outbox that delivers their mail (returned: others queue mail too). */
export async function registerForms(
  app: FastifyInstance,
  options: FormsOptions,
): Promise<OutboxWorker> {
  const { config, ctx } = options;
  const transport = options.mailTransport ?? createMailTransport(config);
  const outbox = new OutboxWorker({
    db: ctx.db,
    transport,
    log: app.log.child({ part: "outbox" }),
    now: ctx.now,
  });
  if (!config.smtp && !options.mailTransport) {
    app.log.warn(
      `SMTP is not configured (SMTP_HOST); outgoing mail is written to ${transport.description}.`,
    );
  }
  if (options.startOutboxWorker) app.addHook("onReady", async () => outbox.start());
  addClosingStep(app, "the mail outbox", async () => {
    await outbox.stop();
    await transport.close();
  });

  acceptFormPosts(app);
  const onStored = () => outbox.wake();
  await app.register(contactRoutes, { ctx, config, onStored });
  const newsletterCtx = {
    ...ctx,
    linkSecret: await loadServerSecret(ctx.db, "newsletter-links"),
    linkBase: config.apiUrl || config.publicUrl,
  };
  await app.register(newsletterRoutes, { ctx: newsletterCtx, config, onStored });
  return outbox;
}
