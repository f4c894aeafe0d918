const MINUTE = 60_000;

/** A duration as people say it: "45 seconds", "23 minutes", "2 hours 5 minutes", "3 days 4 hours". */
export function describeDuration(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (ms < MINUTE) return plural(Math.max(0, Math.round(ms / 1000)), "second");
  const minutes = Math.round(ms / MINUTE);
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest ? `${plural(hours, "hour")} ${plural(rest, "minute")}` : plural(hours, "hour");
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${plural(days, "day")} ${plural(rest, "hour")}` : plural(days, "day");
}

/** The short form for text messages: "45 sec", "23 min", "2 h 5 min", "3 d 4 h". */
export function describeDurationShort(ms: number): string {
  return describeDuration(ms)
    .replace(/ seconds?/g, " sec")
    .replace(/ minutes?/g, " min")
    .replace(/ hours?/g, " h")
    .replace(/ days?/g, " d");
}
