import { describe, expect, it } from "vitest";
import type { CardTone } from "../../src/notifications/providers/chat-card.ts";
import { GOTIFY_LIMITS, GOTIFY_PRIORITIES } from "../../src/notifications/providers/gotify.ts";
import { NTFY_LIMITS, NTFY_PRIORITIES, NTFY_TAGS } from "../../src/notifications/providers/ntfy.ts";
import type { PushPriorities } from "../../src/notifications/providers/push-message.ts";
import {
  PUSHOVER_EMERGENCY,
  PUSHOVER_LIMITS,
  PUSHOVER_PRIORITIES,
} from "../../src/notifications/providers/pushover.ts";
import { amount, articleTable, stated } from "./article-text.ts";

/** The tone of each row of a priority table, by the row's first cell. */
const TONES: Record<string, CardTone> = {
  "Critical alert": "critical",
  "Warning alert": "warning",
  "Info alert": "info",
  "Recovery or resolution": "resolved",
  Test: "test",
};

/** The priority each row of an article's table gives, as the first number of its second cell. */
function priorityTable(slug: string): PushPriorities {
  const [, ...rows] = articleTable(slug, "Notification");
  const table: Partial<PushPriorities> = {};
  for (const [name = "", priority = ""] of rows) {
    const tone = TONES[name];
    expect(tone, `${slug}: ${name}`).toBeDefined();
    if (tone) table[tone] = Number(/^-?\d+/.exec(priority)?.[0]);
  }
  return table as PushPriorities;
}

describe("the numbers the help centre states about push notifications", () => {
  it("maps severities to ntfy's priorities and tags as the ntfy channel sends them", () => {
    expect(priorityTable("ntfy-integration")).toEqual(NTFY_PRIORITIES);
    const [, ...rows] = articleTable("ntfy-integration", "Notification");
    for (const [name = "", , tag = ""] of rows) {
      expect(tag, name).toContain(NTFY_TAGS[TONES[name]!]);
    }
    const [bytes] = stated("ntfy-integration", /the body stays within ([\d,]+) bytes/);
    expect(amount(bytes ?? "")).toBe(NTFY_LIMITS.messageBytes);
    const [title] = stated("ntfy-integration", /Titles are cut at ([\d,]+) characters/);
    expect(amount(title ?? "")).toBe(NTFY_LIMITS.title);
  });

  it("maps severities to Pushover's priorities, and repeats emergencies, as the Pushover channel does", () => {
    expect(priorityTable("pushover-integration")).toEqual(PUSHOVER_PRIORITIES);
    const [retry, expire] = stated(
      "pushover-integration",
      /repeats every (\d+) seconds for up to (\d+) hour/,
    ).map(Number);
    expect([retry, (expire ?? 0) * 3600]).toEqual([
      PUSHOVER_EMERGENCY.retry,
      PUSHOVER_EMERGENCY.expire,
    ]);
    const [title, message] = stated(
      "pushover-integration",
      /titles of up to ([\d,]+) characters and messages of up to ([\d,]+)/,
    ).map(amount);
    expect([title, message]).toEqual([PUSHOVER_LIMITS.title, PUSHOVER_LIMITS.message]);
  });

  it("maps severities to Gotify's priorities and gives the lengths the Gotify channel keeps to", () => {
    expect(priorityTable("gotify-integration")).toEqual(GOTIFY_PRIORITIES);
    const [title, message] = stated(
      "gotify-integration",
      /titles are cut at ([\d,]+) characters, and the check's answer is cut so that the text stays within ([\d,]+) characters/,
    ).map(amount);
    expect([title, message]).toEqual([GOTIFY_LIMITS.title, GOTIFY_LIMITS.message]);
  });
});
