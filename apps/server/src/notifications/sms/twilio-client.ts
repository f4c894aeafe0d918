import type { SmsConfig } from "../../config.ts";
import { DeliveryError } from "../provider.ts";
import type { SmsSender } from "./sms-sender.ts";

interface TwilioAnswer {
  sid?: string;
  code?: number;
  message?: string;
}

/**
 * An SMS client for the Twilio Messages API and compatible services, at a configurable base URL:
 * `POST /2010-04-01/Accounts/{sid}/Messages.json` with basic auth and a form body (To, From, Body).
 */
export function twilioSmsClient(config: SmsConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    async send(to, body, signal) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: "POST",
          headers: {
            authorization,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: new URLSearchParams({ To: to, From: config.from, Body: body }).toString(),
          signal,
        });
      } catch (error) {
        if (signal.aborted)
          throw new DeliveryError("The SMS provider did not answer in time.", true);
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        throw new DeliveryError(
          `The SMS provider could not be reached${cause ? ` (${cause})` : ""}.`,
        );
      }
      const answer = (await response.json().catch(() => ({}))) as TwilioAnswer;
      if (response.ok && answer.sid) return { id: answer.sid };
      const code = answer.code ? ` (code ${answer.code})` : "";
      throw new DeliveryError(
        `The SMS provider refused the message with status ${response.status}${code}: ${(answer.message ?? "no reason given").replace(/\.$/, "")}.`,
      );
    },
  };
}
