import { type AlertChannel, channelType } from "@upwatch/core";

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
  const { field } = channelType(type);
  if (!trimmed) return field.empty;
  return field.pattern.test(trimmed) ? undefined : field.mismatch;
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
