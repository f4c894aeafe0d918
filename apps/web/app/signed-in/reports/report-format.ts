/** "99.548 %", or a dash without measurements. */
export function percentText(value: number | null | undefined): string {
  return value === null || value === undefined ? "–" : `${value.toFixed(3)} %`;
}

/** "45 min", "1 h 40 min", "7 d 10 h 56 min"; an overdrawn budget stays in minutes. */
export function minutesText(value: number | null | undefined): string {
  if (value === null || value === undefined) return "–";
  if (value < 60) return `${value} min`;
  const whole = Math.round(value);
  const parts = [
    Math.floor(whole / 1440) ? `${Math.floor(whole / 1440)} d` : "",
    Math.floor((whole % 1440) / 60) ? `${Math.floor((whole % 1440) / 60)} h` : "",
    whole % 60 ? `${whole % 60} min` : "",
  ];
  return parts.filter(Boolean).join(" ");
}

/** "120 ms", or a dash. */
export function msText(value: number | null | undefined): string {
  return value === null || value === undefined ? "–" : `${value} ms`;
}
