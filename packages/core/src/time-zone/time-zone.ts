import { z } from "zod";

/** The time zone of an account that never chose one. */
export const DEFAULT_TIME_ZONE = "UTC";

/** The longest IANA name accepted; real ones are under 40 characters. */
const MAX_TIME_ZONE_LENGTH = 64;

/**
 * The canonical IANA name of a time zone, or undefined when the runtime does not know it.
 * `europe/berlin` answers `Europe/Berlin` and `GMT` answers `UTC`; offsets such as `+01:00`
 * are refused, as they do not follow summer time.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (name.length === 0 || name.length > MAX_TIME_ZONE_LENGTH || /^[+-]/.test(name)) {
    return undefined;
  }
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The IANA names a person may choose from, UTC first. */
export function timeZoneNames(): string[] {
  const names = Intl.supportedValuesOf("timeZone");
  return [DEFAULT_TIME_ZONE, ...names.filter((name) => name !== DEFAULT_TIME_ZONE)];
}

/** A time zone in a request: an IANA name, answered in its canonical spelling. */
export const timeZoneSchema = z
  .string({ message: "Choose a time zone by its IANA name, such as Europe/Berlin." })
  .transform((name, context) => {
    const canonical = canonicalTimeZone(name.trim());
    if (canonical === undefined) {
      context.addIssue({
        code: "custom",
        message: `"${name.slice(0, MAX_TIME_ZONE_LENGTH)}" is not a time zone this server knows; use an IANA name such as Europe/Berlin or America/New_York.`,
      });
      return z.NEVER;
    }
    return canonical;
  });
