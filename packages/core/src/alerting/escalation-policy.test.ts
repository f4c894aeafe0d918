import { describe, expect, it } from "vitest";
import {
  acknowledgeEscalation,
  decideNotification,
  escalationGapMs,
  escalationScheduleMinutes,
  openEscalation,
} from "./escalation-policy.ts";

const MINUTE = 60_000;

describe("the escalation schedule", () => {
  it("notifies at minutes 0, 10, 20, 30, 90, 150, 210, 390 and 570", () => {
    expect(escalationScheduleMinutes(9)).toEqual([0, 10, 20, 30, 90, 150, 210, 390, 570]);
  });

  it("waits 10 minutes after the first three, an hour after the next three, then three hours", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((sent) => escalationGapMs(sent) / MINUTE)).toEqual([
      10, 10, 10, 60, 60, 60, 180, 180,
    ]);
  });

  it("sends nothing once an alert is acknowledged, however late it is", () => {
    const acknowledged = acknowledgeEscalation(openEscalation(0));
    expect(decideNotification(acknowledged, 1_000 * MINUTE, false).decision).toBe("not-due");
  });

  it("holds a due notification while suppressed and sends it as soon as it is not", () => {
    const open = openEscalation(0);
    const held = decideNotification(open, 5 * MINUTE, true);
    expect(held.decision).toBe("suppressed");
    expect(held.escalation).toEqual(open);
    const sent = decideNotification(held.escalation, 7 * MINUTE, false);
    expect(sent.decision).toBe("notify");
    expect(sent.escalation).toMatchObject({ notificationsSent: 1, nextDueAt: 17 * MINUTE });
  });
});
