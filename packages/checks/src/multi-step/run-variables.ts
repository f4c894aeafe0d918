import { fillTemplateBy, SECURE_PREFIX } from "@upwatch/core";
import { CheckError } from "../check-error.ts";

/**
 * The run's starting variables: plain values as written, `secure:<name>` values from the
 * account's secure variables. A reference without a value is kept aside so the step using it
 * fails with a sentence.
 */
export function startVariables(
  variables: Record<string, string>,
  secureValues: Record<string, string> = {},
): { values: Record<string, string>; unresolved: Record<string, string> } {
  const values: Record<string, string> = {};
  const unresolved: Record<string, string> = {};
  for (const [name, value] of Object.entries(variables)) {
    if (!value.startsWith(SECURE_PREFIX)) {
      values[name] = value;
      continue;
    }
    const secureName = value.slice(SECURE_PREFIX.length);
    const secure = Object.hasOwn(secureValues, secureName) ? secureValues[secureName] : undefined;
    if (secure === undefined) unresolved[name] = secureName;
    else values[name] = secure;
  }
  return { values, unresolved };
}

/** What filling a text needs to know of the run. */
export interface FillingState {
  values: Record<string, string>;
  unresolved: Record<string, string>;
  /** The run's secure values, so `placeSecure` can tell them from plain ones. */
  secureValues?: ReadonlySet<string>;
}

/**
 * Fills `{{name}}` references, throwing a CheckError that names the first unknown one. A value
 * that is one of the secure values goes through `placeSecure`, which sees the text filled
 * before it, so it can be encoded for where it lands.
 */
export function fillVariables(
  text: string,
  state: FillingState,
  placeSecure?: (value: string, filledBefore: string) => string,
): string {
  const filled = fillTemplateBy(text, (name, filledBefore) => {
    if (!Object.hasOwn(state.values, name)) return undefined;
    const value = state.values[name] as string;
    const secure = placeSecure !== undefined && state.secureValues?.has(value) === true;
    return secure ? placeSecure(value, filledBefore) : value;
  });
  if ("text" in filled) return filled.text;
  const secureName = state.unresolved[filled.missing];
  if (secureName !== undefined) {
    throw new CheckError(
      `Variable {{${filled.missing}}} refers to the secure variable ${secureName}, which has no value; add it under Settings > Secure variables.`,
    );
  }
  throw new CheckError(`Variable {{${filled.missing}}} is not defined.`);
}
