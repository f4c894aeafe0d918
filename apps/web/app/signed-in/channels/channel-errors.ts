import { type AlertChannel, type ChannelField, channelType } from "@upwatch/core";

/** The error key of one of a channel type's settings: "config.url". */
export type SettingErrorKey = `config.${string}`;

export type ChannelFormField = "type" | "name" | "monitors" | SettingErrorKey;

export type ChannelFormErrors = Partial<Record<ChannelFormField | "form", string | undefined>>;

/** The settings a form starts with: each field's stored value, or a select's first choice. */
export function initialSettings(
  type: AlertChannel,
  stored: Record<string, string> = {},
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of channelType(type).fields as readonly ChannelField[]) {
    values[field.key] = stored[field.key] ?? field.options?.[0]?.value ?? "";
  }
  return values;
}

/** Checks one setting before asking the server, which checks it again (and more). */
export function settingError(field: ChannelField, value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return field.empty;
  return field.pattern.test(trimmed) ? undefined : field.mismatch;
}

/** Every setting's error, keyed as the form shows them. */
export function settingErrors(
  type: AlertChannel,
  values: Record<string, string>,
): Record<SettingErrorKey, string | undefined> {
  const errors: Record<SettingErrorKey, string | undefined> = {};
  for (const field of channelType(type).fields as readonly ChannelField[]) {
    errors[`config.${field.key}`] = settingError(field, values[field.key] ?? "");
  }
  return errors;
}

/** The settings as the API takes them: trimmed, and an optional one left empty left out. */
export function settingsToSend(
  type: AlertChannel,
  values: Record<string, string>,
): Record<string, string> {
  const config: Record<string, string> = {};
  for (const field of channelType(type).fields as readonly ChannelField[]) {
    const value = (values[field.key] ?? "").trim();
    if (value || field.empty) config[field.key] = value;
  }
  return config;
}

/**
 * Puts the server's refusal next to the field it is about. The API names fields
 * ("config.url must be..."); on screen the sentence sits under that field instead. A refusal of
 * the settings as a whole ("config: The address 10.0.0.1 is private") goes under the type's
 * address field, or its first.
 */
export function channelErrorsFrom(
  type: AlertChannel,
  status: number,
  detail: string,
): ChannelFormErrors {
  if (status === 403 && / plan/.test(detail)) return { type: detail };
  const info = channelType(type);
  const keys = (info.fields as readonly ChannelField[]).map((field) => field.key);
  const named = /^config\.(\w+)\s+(.*)$/s.exec(detail);
  if (named?.[1] && named[2]) {
    const key = keys.includes(named[1]) ? named[1] : keys[0];
    const rest = named[2];
    return { [`config.${key}`]: /^[a-z]/.test(rest) ? `This ${rest}` : rest };
  }
  const whole = /^config:?\s+(.*)$/s.exec(detail);
  if (whole?.[1]) {
    const url = (info.guardedUrls as readonly string[])[0] ?? keys[0];
    return { [`config.${url}`]: whole[1] };
  }
  const name = /^name\s+(.*)$/s.exec(detail);
  if (name?.[1]) return { name: `The name ${name[1]}` };
  if (detail.startsWith("monitor_ids")) {
    return { monitors: detail.replace(/^monitor_ids:?\s*/, "") };
  }
  return { form: detail };
}
