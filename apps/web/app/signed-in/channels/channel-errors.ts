import type { AlertChannel } from "@upwatch/core";

export interface ChannelFormErrors {
  type?: string | undefined;
  name?: string | undefined;
  destination?: string | undefined;
  monitors?: string | undefined;
  form?: string | undefined;
}

/** Checks the destination before asking the server, which checks it again (and more). */
export function destinationError(type: AlertChannel, value: string): string | undefined {
  const trimmed = value.trim();
  if (type === "email") {
    if (!trimmed) return "Enter the e-mail address alerts go to.";
    return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(trimmed)
      ? undefined
      : "Enter an e-mail address like oncall@example.com.";
  }
  if (type === "sms") {
    if (!trimmed) return "Enter the phone number alerts go to.";
    return /^\+[1-9]\d{6,14}$/.test(trimmed)
      ? undefined
      : "Use the international format: + and the country code, without spaces, such as +64211234567.";
  }
  if (!trimmed) return "Enter the URL alerts are posted to.";
  return /^https?:\/\/\S+$/i.test(trimmed)
    ? undefined
    : "Enter a full URL starting with https:// (or http://).";
}

/**
 * Puts the server's refusal next to the field it is about. The API names fields
 * ("config.url must be..."); on screen the sentence sits under that field instead.
 */
export function channelErrorsFrom(status: number, detail: string): ChannelFormErrors {
  if (status === 403 && / plan/.test(detail)) return { type: detail };
  const config = /^config(?:\.\w+)?:?\s+(.*)$/s.exec(detail);
  if (config?.[1]) {
    const rest = config[1];
    return {
      destination: /^[a-z]/.test(rest) && !detail.startsWith("config:") ? `This ${rest}` : rest,
    };
  }
  const name = /^name\s+(.*)$/s.exec(detail);
  if (name?.[1]) return { name: `The name ${name[1]}` };
  if (detail.startsWith("monitor_ids")) {
    return { monitors: detail.replace(/^monitor_ids:?\s*/, "") };
  }
  return { form: detail };
}
