/** One e-mail as the outbox stores it and a transport sends it. */
export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Files sent with the mail, such as a report's PDF and CSV. */
  attachments?: MailAttachment[];
}

/** A file attached to a mail, stored in the outbox as base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** Delivers mail somewhere: an SMTP server, or files for an install without one. */
export interface MailTransport {
  /** Words for the log, such as `SMTP smtp.example.com:587`. */
  readonly description: string;
  /** Sends one mail; `messageId` is stable across retries so receivers can spot repeats. */
  send(mail: OutgoingMail, messageId: string): Promise<void>;
  close(): Promise<void>;
}

/** A failure the outbox should not retry, such as an SMTP 5xx answer. */
export class PermanentMailError extends Error {}
