import type { SlaReport, SlaSubjectType } from "./sla-report.ts";

/** What a subject type is called in a sentence. */
export const SUBJECT_WORDS: Record<SlaSubjectType, string> = {
  monitor: "Monitor",
  group: "Group",
  agent: "Agent",
  status_page: "Status page",
};

/** "November 2026" or "2026-11-03 to 2026-11-10", as the document titles it. */
export function periodTitle(report: SlaReport): string {
  if (report.month) {
    const [year, month] = report.month.split("-").map(Number);
    const name = new Date(Date.UTC(year!, month! - 1, 1)).toLocaleString("en-GB", {
      month: "long",
      timeZone: "UTC",
    });
    return `${name} ${year}`;
  }
  return `${localTime(report.from, report.timeZone)} to ${localTime(report.to, report.timeZone)}`;
}

/** A time in the report's zone, as `2026-11-03 10:45`. */
export function localTime(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

/** A percentage to three decimals, or a dash without measurements. */
export function percentText(value: number | null): string {
  return value === null ? "-" : `${value.toFixed(3)} %`;
}

/** Minutes as people read them: `43.1 min`, `1 h 40 min`, `7 d 10 h 56 min`; an overdrawn budget stays in minutes. */
export function minutesText(value: number | null): string {
  if (value === null) return "-";
  if (value < 60) return `${value} min`;
  const whole = Math.round(value);
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  const minutes = whole % 60;
  const parts = [
    days ? `${days} d` : "",
    hours ? `${hours} h` : "",
    minutes ? `${minutes} min` : "",
  ];
  return parts.filter(Boolean).join(" ");
}

/** "Met", "Missed" or "No measurements". */
export function targetText(met: boolean | null): string {
  if (met === null) return "No measurements";
  return met ? "Met" : "Missed";
}
