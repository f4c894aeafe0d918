/** The badges a monitor offers, by the file name of their address. */
export const BADGE_KINDS = {
  status: "status.svg",
  uptime_24h: "uptime-24h.svg",
  uptime_7d: "uptime-7d.svg",
  uptime_30d: "uptime-30d.svg",
  response_time: "response-time.svg",
} as const;
export type BadgeKind = keyof typeof BADGE_KINDS;

/** The kind a badge address's file name names, if any. */
export function badgeKindOf(file: string): BadgeKind | undefined {
  const found = Object.entries(BADGE_KINDS).find(([, name]) => name === file);
  return found?.[0] as BadgeKind | undefined;
}

/** Each badge's public address for `key`. */
export function badgeUrlsOf(publicUrl: string, key: string): Record<BadgeKind, string> {
  const base = `${publicUrl.replace(/\/+$/, "")}/badges/${key}`;
  return Object.fromEntries(
    Object.entries(BADGE_KINDS).map(([kind, file]) => [kind, `${base}/${file}`]),
  ) as Record<BadgeKind, string>;
}
