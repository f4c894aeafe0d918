import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { smtpTransport } from "../src/mail/transports.ts";

/** A real SMTP listener on loopback that keeps what it receives, or refuses it on demand. */
export interface SmtpSink {
  port: number;
  received: ParsedMail[];
  /** While set, every recipient is answered with this SMTP code (e.g. 451 or 550). */
  refuseWith: number | undefined;
  close(): Promise<void>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const sink = { received, refuseWith: undefined as number | undefined } as SmtpSink;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // The client is always this machine; asking DNS for its name would only leave loopback.
    disableReverseLookup: true,
    onRcptTo(_address, _session, callback) {
      if (sink.refuseWith === undefined) return callback();
      const error = Object.assign(new Error("Refused by the test mail server"), {
        responseCode: sink.refuseWith,
      });
      return callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  sink.port = (server.server.address() as AddressInfo).port;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

/** The mail transport a server under test uses to reach a loopback SMTP listener. */
export function loopbackSmtpTransport(port: number, from = "Upwatch <no-reply@upwatch.example>") {
  return smtpTransport({ host: "127.0.0.1", port, secure: false }, from);
}
