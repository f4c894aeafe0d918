import type { StatusSubscriberTable } from "@upwatch/db";
import { isoTime, isoTimeOrNull } from "../../time.ts";

const HEADER = ["email", "status", "subscribed", "confirmed", "unsubscribed"];

/** Subscribers as CSV (RFC 4180), with cells a spreadsheet would run as a formula defused. */
export function subscribersCsv(subscribers: readonly StatusSubscriberTable[]): string {
  const lines = [HEADER, ...subscribers.map(row)].map((cells) => cells.map(cell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

function row(subscriber: StatusSubscriberTable): string[] {
  return [
    subscriber.email,
    subscriber.status,
    isoTime(subscriber.created_at),
    isoTimeOrNull(subscriber.confirmed_at) ?? "",
    isoTimeOrNull(subscriber.unsubscribed_at) ?? "",
  ];
}

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
