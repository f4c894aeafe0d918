import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { SmtpConfig } from "../config.ts";
import { type MailTransport, type OutgoingMail, PermanentMailError } from "./outgoing-mail.ts";

const SMTP_TIMEOUT_MS = 15_000;

function mailOptions(from: string, mail: OutgoingMail, messageId: string) {
  return {
    from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    attachments: mail.attachments?.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: file.contentBase64,
      encoding: "base64",
    })),
    messageId: `<${messageId}@upwatch.mail>`,
  };
}

/** Sends through an SMTP server; 5xx answers are permanent, everything else is retried. */
export function smtpTransport(smtp: SmtpConfig, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? "" } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    description: `SMTP ${smtp.host}:${smtp.port}`,
    async send(mail, messageId) {
      try {
        await transporter.sendMail(mailOptions(from, mail, messageId));
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        if (code !== undefined && code >= 500) {
          throw new PermanentMailError(
            `The mail server refused the message: ${(error as Error).message}`,
          );
        }
        throw error;
      }
    },
    close: async () => transporter.close(),
  };
}

/** Writes each mail as an .eml file, for installs without SMTP; nothing is lost, only parked. */
export function fileTransport(dir: string, from: string): MailTransport {
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    description: `files in ${dir}`,
    async send(mail, messageId) {
      mkdirSync(dir, { recursive: true });
      const info = await builder.sendMail(mailOptions(from, mail, messageId));
      const file = join(dir, `${messageId}.eml`);
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
    },
    close: async () => builder.close(),
  };
}
