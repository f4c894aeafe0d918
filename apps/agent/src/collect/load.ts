import { loadavg } from "node:os";

/** 1, 5 and 15 minute load averages; null on Windows, which has none. */
export function collectLoad(
  platform: NodeJS.Platform = process.platform,
): { one: number; five: number; fifteen: number } | null {
  if (platform === "win32") return null;
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  const round = (value: number) => Math.round(value * 100) / 100;
  return { one: round(one), five: round(five), fifteen: round(fifteen) };
}
