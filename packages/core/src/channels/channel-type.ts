import type { z } from "zod";
import type { PlanId } from "../plans.ts";

/** A setting's key in a channel type's `config`. */
type SettingOf<Config extends z.ZodType> = keyof z.output<Config> & string;

/** How the app asks for one of a channel type's settings, and checks it before asking the server. */
export interface ChannelField<Key extends string = string> {
  key: Key;
  label: string;
  hint: string;
  placeholder: string;
  /** "password" for a secret typed in (a bot token), "select" for a choice among `options`. */
  inputType: "email" | "tel" | "url" | "text" | "password" | "select";
  autoComplete: string;
  /** What a filled-in value looks like to the app; the server checks it again, and more. */
  pattern: RegExp;
  /** What the app says when the field is empty; absent when it may be left empty. */
  empty?: string;
  /** What the app says when the value does not match `pattern`. */
  mismatch: string;
  /** The choices of a "select", the first being the default. */
  options?: readonly { value: string; label: string }[];
}

/** Everything the product knows about one channel type, apart from how its server sends. */
export interface ChannelType<Id extends string = string, Config extends z.ZodType = z.ZodType> {
  id: Id;
  /** Its name at the start of a phrase and in lists: "E-mail". */
  label: string;
  /** Its name inside a sentence: "e-mail". */
  word: string;
  /** Its name in the help centre's table of plan limits: "Email". */
  planTableName: string;
  /** One line in the app's chooser of types. */
  description: string;
  /** The slug of its help-centre article, `content/articles/<slug>.md`. */
  article: string;
  /** The plans that include it. */
  plans: readonly PlanId[];
  /** Its settings as the API takes them. */
  config: Config;
  /** Settings shown masked, as they grant whoever knows them the right to post. */
  secretFields: readonly SettingOf<Config>[];
  /** URLs the server sends to, so the network guard must let them through. */
  guardedUrls: readonly SettingOf<Config>[];
  /** Its settings as the app asks for them; the first is where alerts go, shown in lists. */
  fields: readonly [ChannelField<SettingOf<Config>>, ...ChannelField<SettingOf<Config>>[]];
  /**
   * Whether an alert acknowledged in Upwatch is acknowledged at the service too (a paging
   * service's incident); the type's provider then sends `alert.acknowledged`.
   */
  acknowledgements?: boolean;
  /** The name a new channel gets when none is given. */
  defaultName(config: z.output<Config>): string;
}

/**
 * Declares a channel type, keeping its id literal and its settings' keys checked.
 * @example export const smsChannel = defineChannelType({ id: "sms", config: z.strictObject({ phone }), ... })
 */
export function defineChannelType<const Id extends string, Config extends z.ZodType>(
  type: ChannelType<Id, Config>,
): ChannelType<Id, Config> {
  return type;
}
