/** Short, readable forms of the figures an agent reports. */

const UNITS = ["B", "KB", "MB", "GB", "TB", "PB"] as const;

/** "512 B", "1.5 GB": powers of 1,024, one decimal under 10. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes)) return "–";
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** "1.2 MB/s". */
export function formatRate(bytesPerSecond: number | null): string {
  return bytesPerSecond === null ? "–" : `${formatBytes(bytesPerSecond)}/s`;
}

/** An axis mark of bytes per second: "512 B/s", "2.5 KB/s", "1 MB/s" (no decimal when whole). */
export function formatAxisRate(bytesPerSecond: number): string {
  let value = Math.max(0, bytesPerSecond);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = Number.isInteger(value) ? String(value) : String(Math.round(value * 10) / 10);
  return `${text} ${UNITS[unit]}/s`;
}

/** "42%", "7.5%": one decimal under 10. */
export function formatShare(percent: number | null): string {
  if (percent === null || !Number.isFinite(percent)) return "–";
  return `${percent < 10 && percent !== 0 ? percent.toFixed(1) : Math.round(percent)}%`;
}

/** "0.42", "3.1": a load average. */
export function formatLoad(load: number | null): string {
  if (load === null || !Number.isFinite(load)) return "–";
  return load < 10 ? load.toFixed(2) : load.toFixed(1);
}

const OS_NAMES = { linux: "Linux", windows: "Windows", macos: "macOS" } as const;

/** The operating system's name as people write it. */
export function osName(os: keyof typeof OS_NAMES): string {
  return OS_NAMES[os];
}
