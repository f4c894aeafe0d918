import { join } from "node:path";
import type { Config } from "../config.ts";
import type { MailTransport } from "./outgoing-mail.ts";
import { fileTransport, smtpTransport } from "./transports.ts";

/** SMTP when configured; otherwise mail is parked as files under DATA_DIR/outbox. */
export function createMailTransport(config: Config): MailTransport {
  return config.smtp
    ? smtpTransport(config.smtp, config.mailFrom)
    : fileTransport(join(config.dataDir, "outbox"), config.mailFrom);
}
