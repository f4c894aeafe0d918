import {
  acknowledgeEscalation,
  applyCheckResult,
  decideNotification,
  type Escalation,
  escalationGapMs,
  type HealthRules,
  isSuppressedByParents,
  type MonitorHealth,
  openEscalation,
  UNKNOWN_HEALTH,
} from "@upwatch/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAlertingHarness } from "../../test/alerting.ts";
import { createTestDatabase, type TestDatabase } from "../../test/databases.ts";
import { acknowledgeAlert } from "../services/alerts/acknowledge-alert.ts";
import { quietAlertingHooks } from "../services/alerts/alerting-hooks.ts";
import { createDependency } from "../services/dependencies/create-dependency.ts";

const MINUTE = 60_000;

type Event =
  | { at: number; kind: "check"; monitor: number; ok: boolean }
  | { at: number; kind: "acknowledge" };

interface Scenario {
  rules: HealthRules[];
  events: Event[];
}

interface Sent {
  at: number;
  kind: "alert" | "recovery";
}

/**
 * What the rules of `@upwatch/core` say monitor 0 (the child of monitors 1..n) must send, with
 * every due notification evaluated at its exact due time.
 */
function expectedNotifications({ rules, events }: Scenario) {
  const health: MonitorHealth[] = rules.map(() => UNKNOWN_HEALTH);
  const sent: Sent[] = [];
  const resumedOverdue: number[] = [];
  let escalation: Escalation | undefined;
  const suppressed = () => isSuppressedByParents(health.slice(1).map((h) => h.status === "down"));
  const evaluate = (at: number) => {
    if (!escalation) return;
    const next = decideNotification(escalation, at, suppressed());
    escalation = next.escalation;
    if (next.decision === "notify") sent.push({ at, kind: "alert" });
  };
  const fireDueBefore = (limit: number) => {
    while (escalation?.nextDueAt != null && escalation.nextDueAt < limit && !suppressed()) {
      evaluate(escalation.nextDueAt);
    }
  };
  for (const event of events) {
    fireDueBefore(event.at);
    const wasSuppressed = suppressed();
    if (event.kind === "acknowledge") {
      if (escalation) escalation = acknowledgeEscalation(escalation);
    } else {
      const next = applyCheckResult(health[event.monitor]!, event.ok, rules[event.monitor]);
      health[event.monitor] = next.health;
      if (event.monitor === 0 && next.transition === "went-down") {
        escalation = openEscalation(event.at);
      }
      if (event.monitor === 0 && next.transition === "recovered" && escalation) {
        if (escalation.notificationsSent > 0) sent.push({ at: event.at, kind: "recovery" });
        escalation = undefined;
      }
    }
    const overdue = escalation?.nextDueAt != null && escalation.nextDueAt <= event.at;
    if (wasSuppressed && !suppressed() && overdue) resumedOverdue.push(event.at);
    evaluate(event.at);
  }
  fireDueBefore(lastMoment(events));
  return { sent, resumedOverdue };
}

const lastMoment = (events: Event[]) => Math.max(0, ...events.map((e) => e.at)) + 24 * 60 * MINUTE;

/** Whether every parent was down once all checks up to and at `at` were counted. */
function allParentsDownAfter({ rules, events }: Scenario, includes: (at: number) => boolean) {
  const health: MonitorHealth[] = rules.map(() => UNKNOWN_HEALTH);
  for (const e of events) {
    if (!includes(e.at)) break;
    if (e.kind === "check")
      health[e.monitor] = applyCheckResult(health[e.monitor]!, e.ok, rules[e.monitor]).health;
  }
  return isSuppressedByParents(health.slice(1).map((h) => h.status === "down"));
}

/**
 * Every parent was down just before `at` and still after everything at `at`. When a parent
 * goes down in the same millisecond as the child's deciding check, the order of the checks
 * decides, which the comparison with the model covers exactly.
 */
function allParentsDownThroughout(scenario: Scenario, at: number): boolean {
  return (
    allParentsDownAfter(scenario, (t) => t < at) && allParentsDownAfter(scenario, (t) => t <= at)
  );
}

const rulesArb = fc.record({
  failureThreshold: fc.integer({ min: 1, max: 3 }),
  recoveryConfirmations: fc.integer({ min: 1, max: 2 }),
});

const HORIZON_MINUTES = 420;

/** Outages as windows of minutes; a monitor's checks fail inside them. */
const outagesArb = fc.array(
  fc.record({
    start: fc.integer({ min: 0, max: HORIZON_MINUTES }),
    length: fc.integer({ min: 1, max: 240 }),
  }),
  { maxLength: 3 },
);

/**
 * A child and up to three parents, each checked every few minutes through its own outages (so
 * parents and children are often down together), and a few acknowledgements.
 */
const scenarioArb: fc.Arbitrary<Scenario> = fc
  .integer({ min: 0, max: 3 })
  .chain((parents) =>
    fc.record({
      rules: fc.array(rulesArb, { minLength: parents + 1, maxLength: parents + 1 }),
      monitors: fc.array(
        fc.record({ interval: fc.integer({ min: 1, max: 10 }), outages: outagesArb }),
        { minLength: parents + 1, maxLength: parents + 1 },
      ),
      acknowledgements: fc.array(fc.integer({ min: 0, max: HORIZON_MINUTES }), { maxLength: 2 }),
    }),
  )
  .map(({ rules, monitors, acknowledgements }) => {
    const events: Event[] = [];
    monitors.forEach(({ interval, outages }, monitor) => {
      for (let minute = 0; minute <= HORIZON_MINUTES; minute += interval) {
        const down = outages.some((o) => minute >= o.start && minute < o.start + o.length);
        events.push({ at: minute * MINUTE, kind: "check", monitor, ok: !down });
      }
    });
    for (const minute of acknowledgements) {
      events.push({ at: minute * MINUTE, kind: "acknowledge" });
    }
    return { rules, events: events.sort((a, b) => a.at - b.at) };
  });

describe("the alert engine, for any sequence of checks, acknowledgements and recoveries", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterAll(async () => {
    await database.handle.close();
    await database.drop();
  });

  /** Runs the scenario through the real services and returns the child's notifications. */
  async function runEngine({ rules, events }: Scenario) {
    const h = await createAlertingHarness(database);
    const start = h.clock.now;
    const monitors = [];
    for (const [i, rule] of rules.entries()) {
      monitors.push(
        await h.monitor(i === 0 ? "Child" : `Parent ${i}`, {
          failureThreshold: rule.failureThreshold,
          recoveryConfirmations: rule.recoveryConfirmations,
        }),
      );
    }
    for (const parent of monitors.slice(1)) {
      await createDependency(h.ctx, h.access, {
        child_monitor_id: monitors[0]!.id,
        parent_monitor_id: parent.id,
      });
    }
    for (const event of events) {
      await h.advanceBefore(start + event.at);
      h.clock.now = start + event.at;
      if (event.kind === "check") {
        await h.check(monitors[event.monitor]!.id, event.ok);
      } else {
        const open = (await h.alerts(monitors[0]!.id)).find((a) => a.state === "open");
        if (open) await acknowledgeAlert(h.ctx, quietAlertingHooks(h.actx), h.access, open.id);
      }
      await h.runDue();
    }
    await h.advanceBefore(start + lastMoment(events));
    const notifications = await h.notifications(monitors[0]!.id);
    const alerts = await h.alerts(monitors[0]!.id);
    return {
      sent: notifications.map((n): Sent & { alertId: string } => ({
        at: n.created_at - start,
        kind: n.event === "monitor.up" ? "recovery" : "alert",
        alertId: n.alert_id!,
      })),
      acknowledgedAt: new Map(
        alerts.map((a) => [a.id, a.acknowledged_at === null ? null : a.acknowledged_at - start]),
      ),
    };
  }

  it("notifies exactly on the escalation schedule, never while acknowledged or while every parent is down, and resumes when a parent recovers", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const model = expectedNotifications(scenario);
        const engine = await runEngine(scenario);
        expect(engine.sent.map(({ at, kind }) => ({ at, kind }))).toEqual(model.sent);

        const byAlert = new Map<string, number[]>();
        for (const n of engine.sent.filter((s) => s.kind === "alert")) {
          byAlert.set(n.alertId, [...(byAlert.get(n.alertId) ?? []), n.at]);
          expect(allParentsDownThroughout(scenario, n.at)).toBe(false);
          const acknowledged = engine.acknowledgedAt.get(n.alertId);
          if (acknowledged != null) expect(n.at).toBeLessThanOrEqual(acknowledged);
        }
        for (const times of byAlert.values()) {
          for (let i = 1; i < times.length; i++) {
            expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(escalationGapMs(i));
          }
        }
        for (const at of model.resumedOverdue) {
          expect(engine.sent.some((s) => s.kind === "alert" && s.at === at)).toBe(true);
        }
      }),
      { numRuns: 50 },
    );
  }, 120_000);
});
