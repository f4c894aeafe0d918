import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSuppressedByParents } from "./dependency-rules.ts";
import {
  acknowledgeEscalation,
  decideNotification,
  type Escalation,
  escalationGapMs,
  escalationScheduleMinutes,
  openEscalation,
} from "./escalation-policy.ts";
import { applyCheckResult, type MonitorHealth, UNKNOWN_HEALTH } from "./monitor-health.ts";

const MINUTE = 60_000;

type Event =
  | { at: number; kind: "check"; monitor: number; ok: boolean }
  | { at: number; kind: "acknowledge" };

interface Sent {
  at: number;
  kind: "alert" | "recovery";
  alert: number;
}

/** Drives monitor 0 (the child) and its parents through the domain rules with a controlled clock. */
function simulate(parentCount: number, events: Event[]) {
  const health: MonitorHealth[] = Array.from({ length: parentCount + 1 }, () => UNKNOWN_HEALTH);
  const sent: Sent[] = [];
  const suppressedAt: number[] = [];
  /** Moments a parent came back while the child's notification was overdue. */
  const overdueOnResume: number[] = [];
  let escalation: Escalation | undefined;
  let alert = 0;
  const suppressed = () => isSuppressedByParents(health.slice(1).map((h) => h.status === "down"));

  const evaluate = (now: number) => {
    if (!escalation) return;
    const result = decideNotification(escalation, now, suppressed());
    escalation = result.escalation;
    if (result.decision === "notify") sent.push({ at: now, kind: "alert", alert });
    if (result.decision === "suppressed") suppressedAt.push(now);
  };
  const fireDueBefore = (limit: number) => {
    while (escalation?.nextDueAt != null && escalation.nextDueAt < limit && !suppressed()) {
      evaluate(escalation.nextDueAt);
    }
  };

  for (const event of [...events].sort((a, b) => a.at - b.at)) {
    fireDueBefore(event.at);
    const wasSuppressed = suppressed();
    if (event.kind === "acknowledge") {
      if (escalation) escalation = acknowledgeEscalation(escalation);
    } else {
      const { health: next, transition } = applyCheckResult(health[event.monitor]!, event.ok);
      health[event.monitor] = next;
      if (event.monitor === 0 && transition === "went-down") {
        alert += 1;
        escalation = openEscalation(event.at);
      }
      if (event.monitor === 0 && transition === "recovered" && escalation) {
        if (escalation.notificationsSent > 0) sent.push({ at: event.at, kind: "recovery", alert });
        escalation = undefined;
      }
    }
    const overdue = escalation?.nextDueAt != null && escalation.nextDueAt <= event.at;
    if (wasSuppressed && !suppressed() && overdue) overdueOnResume.push(event.at);
    evaluate(event.at);
  }
  const lastEvent = Math.max(0, ...events.map((e) => e.at));
  fireDueBefore(lastEvent + 24 * 60 * MINUTE);
  return { sent, suppressedAt, overdueOnResume };
}

const minute = fc.integer({ min: 0, max: 3 * 24 * 60 });
const eventsFor = (parents: number) =>
  fc
    .array(
      fc.oneof(
        {
          weight: 8,
          arbitrary: fc.record({
            at: minute,
            kind: fc.constant("check" as const),
            monitor: fc.integer({ min: 0, max: parents }),
            ok: fc.boolean(),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({ at: minute, kind: fc.constant("acknowledge" as const) }),
        },
      ),
      { maxLength: 120 },
    )
    .map((events) => events.map((event) => ({ ...event, at: event.at * MINUTE })));

const scenario = fc
  .integer({ min: 0, max: 3 })
  .chain((parents) => fc.tuple(fc.constant(parents), eventsFor(parents)));

describe("alerting, for any sequence of checks and acknowledgements", () => {
  it("follows the escalation schedule exactly while an alert is neither acknowledged nor suppressed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), (notifications) => {
        const lastMinute = escalationScheduleMinutes(notifications).at(-1)!;
        const failures: Event[] = [0, 1, 2].map((i) => ({
          at: i * MINUTE,
          kind: "check",
          monitor: 0,
          ok: false,
        }));
        const recovery: Event = {
          at: (2 + lastMinute) * MINUTE + 1,
          kind: "check",
          monitor: 0,
          ok: true,
        };
        const { sent } = simulate(0, [...failures, recovery]);
        const alerts = sent.filter((s) => s.kind === "alert").map((s) => s.at / MINUTE - 2);
        expect(alerts).toEqual(escalationScheduleMinutes(notifications));
        expect(sent.at(-1)).toMatchObject({ kind: "recovery" });
      }),
    );
  });

  it("never notifies while acknowledged, and never faster than the schedule allows", () => {
    fc.assert(
      fc.property(scenario, ([parents, events]) => {
        const { sent } = simulate(parents, events);
        const acks = events.filter((e) => e.kind === "acknowledge").map((e) => e.at);
        const byAlert = new Map<number, Sent[]>();
        for (const n of sent.filter((s) => s.kind === "alert")) {
          byAlert.set(n.alert, [...(byAlert.get(n.alert) ?? []), n]);
        }
        for (const notifications of byAlert.values()) {
          notifications.forEach((n, i) => {
            if (i > 0)
              expect(n.at - notifications[i - 1]!.at).toBeGreaterThanOrEqual(escalationGapMs(i));
          });
          const first = notifications[0]!.at;
          const last = notifications.at(-1)!.at;
          // An acknowledgement between two notifications of one alert would have stopped the second.
          expect(acks.some((at) => at > first && at < last)).toBe(false);
        }
      }),
    );
  });

  it("never notifies while every parent is down, and notifies on a parent's recovery when one is overdue", () => {
    fc.assert(
      fc.property(
        scenario.filter(([parents]) => parents > 0),
        ([parents, events]) => {
          const { sent, overdueOnResume } = simulate(parents, events);
          for (const notification of sent.filter((s) => s.kind === "alert")) {
            expect(allParentsDownAt(parents, events, notification.at)).toBe(false);
          }
          for (const at of overdueOnResume) {
            expect(sent.some((s) => s.kind === "alert" && s.at === at)).toBe(true);
          }
        },
      ),
    );
  });

  it("starts every new outage from the beginning of the schedule", () => {
    const outage = (start: number): Event[] =>
      [0, 1, 2].map((i) => ({ at: (start + i) * MINUTE, kind: "check", monitor: 0, ok: false }));
    const events: Event[] = [
      ...outage(0),
      { at: 100 * MINUTE, kind: "check", monitor: 0, ok: true },
      ...outage(200),
      { at: 240 * MINUTE, kind: "check", monitor: 0, ok: true },
    ];
    const { sent } = simulate(0, events);
    expect(sent.map((s) => `${s.kind}@${s.at / MINUTE}`)).toEqual([
      "alert@2",
      "alert@12",
      "alert@22",
      "alert@32",
      "alert@92",
      "recovery@100",
      "alert@202",
      "alert@212",
      "alert@222",
      "alert@232",
      "recovery@240",
    ]);
  });

  it("sends the held notification the moment a parent recovers", () => {
    const events: Event[] = [
      ...[0, 1, 2].map((i): Event => ({ at: i * MINUTE, kind: "check", monitor: 1, ok: false })),
      ...[3, 4, 5].map((i): Event => ({ at: i * MINUTE, kind: "check", monitor: 0, ok: false })),
      { at: 47 * MINUTE, kind: "check", monitor: 1, ok: true },
    ];
    const { sent, suppressedAt } = simulate(1, events);
    expect(suppressedAt).toContain(5 * MINUTE);
    expect(sent.map((s) => s.at / MINUTE).slice(0, 3)).toEqual([47, 57, 67]);
  });
});

/** Whether every parent is down once all checks up to `at` are counted. */
function allParentsDownAt(parents: number, events: Event[], at: number): boolean {
  let health: MonitorHealth[] = Array.from({ length: parents + 1 }, () => UNKNOWN_HEALTH);
  for (const e of [...events].sort((a, b) => a.at - b.at)) {
    if (e.kind !== "check" || e.at > at) continue;
    health = health.map((h, i) => (i === e.monitor ? applyCheckResult(h, e.ok).health : h));
  }
  return isSuppressedByParents(health.slice(1).map((h) => h.status === "down"));
}
