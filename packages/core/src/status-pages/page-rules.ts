/** How big a status page may grow, and how much one visitor or address may ask of it. */
export const STATUS_PAGE_LIMITS = {
  nameChars: 100,
  headlineChars: 500,
  slugChars: 48,
  componentsPerPage: 100,
  sectionsPerPage: 20,
  monitorsPerComponent: 20,
  componentNameChars: 100,
  componentDescriptionChars: 500,
  incidentTitleChars: 200,
  updateMessageChars: 10_000,
  updatesPerIncident: 200,
  maintenanceMessageChars: 10_000,
  /** The longest a maintenance window may last: 7 days. */
  maintenanceMaxMs: 7 * 24 * 3_600_000,
  /** How far ahead a window may be scheduled: one year. */
  maintenanceAheadMs: 366 * 24 * 3_600_000,
  logoBytes: 256 * 1024,
  urlChars: 2000,
  /** Days of uptime bars, and of incident history on the first page. */
  historyDays: 90,
} as const;

/** Image types a logo may have (checked against the file's first bytes, not its name). */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** Lower-case letters, digits and single hyphens inside; 2 to 48 characters. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,47}$/;

/** Slugs that would be mistaken for the product's own pages or for support. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "admin",
  "api",
  "app",
  "assets",
  "badge",
  "billing",
  "blog",
  "dashboard",
  "docs",
  "feed",
  "help",
  "login",
  "logout",
  "new",
  "register",
  "security",
  "settings",
  "signup",
  "static",
  "status",
  "support",
  "upwatch",
  "www",
]);

/** Why a slug cannot be used, as a sentence; undefined when it can. */
export function slugProblem(slug: string): string | undefined {
  if (!SLUG_PATTERN.test(slug)) {
    return "slug must be 2 to 48 lower-case letters, digits and hyphens, starting and ending with a letter or digit.";
  }
  if (RESERVED_SLUGS.has(slug)) return `slug "${slug}" is reserved; choose another.`;
  return undefined;
}

/** A host name a page may be served on: lower-case labels, at least one dot, no port. */
export const CUSTOM_DOMAIN_PATTERN =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** An accent colour: `#` and six hexadecimal digits. */
export const ACCENT_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** The type a logo's first bytes show, or undefined when they are none of the accepted ones. */
export function sniffLogoType(bytes: Uint8Array): LogoType | undefined {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  const riff = starts(0x52, 0x49, 0x46, 0x46);
  const webp = bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50;
  if (riff && webp) return "image/webp";
  return undefined;
}
