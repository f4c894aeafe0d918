import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHECK_TYPES } from "../monitors.ts";
import { getPlan, PLANS } from "../plans.ts";
import { computePlanChange, monitorAllowedOn, PlanChangeRefused } from "./compute-plan-change.ts";
import { describePlanChange } from "./describe-plan-change.ts";
import type { PlanChangeMonitor } from "./plan-change-types.ts";

const free = getPlan("free");
const hobby = getPlan("hobby");
const business = getPlan("business");

function monitor(index: number, fields: Partial<PlanChangeMonitor> = {}): PlanChangeMonitor {
  return {
    id: `mon_${String(index).padStart(3, "0")}`,
    name: `Monitor ${index}`,
    type: "http",
    created_at: 1_000 + index,
    paused: false,
    paused_by_plan: false,
    interval_seconds: 300,
    regions: ["us-west-1"],
    run_from: "regions",
    sends_headers_or_auth: false,
    held: null,
    ...fields,
  };
}

const many = (count: number) => Array.from({ length: count }, (_, index) => monitor(index));

function downgrade(monitors: PlanChangeMonitor[], keep?: string[]) {
  return computePlanChange({
    from: business,
    to: free,
    defaultRegion: "us-west-1",
    monitors,
    channels: [],
    keep,
  });
}

describe("moving to a smaller plan", () => {
  it("keeps the oldest active monitors within the limit and pauses the rest", () => {
    const outcome = downgrade(many(12).reverse());
    const paused = outcome.changes.filter((change) => change.kind === "monitor-paused");
    expect(paused.map((change) => change.monitor_id)).toEqual(["mon_010", "mon_011"]);
    expect(outcome.monitors.every((next) => next.paused && next.paused_by_plan)).toBe(true);
  });

  it("keeps the monitors the operator names, then the oldest others", () => {
    const outcome = downgrade(many(12), ["mon_011"]);
    const paused = outcome.changes.flatMap((change) =>
      change.kind === "monitor-paused" ? [change.monitor_id] : [],
    );
    expect(paused).toEqual(["mon_009", "mon_010"]);
  });

  it("refuses to keep a monitor the account does not have or more than the plan allows", () => {
    expect(() => downgrade(many(3), ["mon_999"])).toThrow(PlanChangeRefused);
    const all = many(11).map((m) => m.id);
    expect(() => downgrade(many(11), all)).toThrow(
      "The Free plan allows 10 active monitors; --keep names 11.",
    );
  });

  it("pauses monitors of check types the plan lacks and refuses to keep them", () => {
    const tcp = monitor(1, { type: "tcp" });
    const outcome = downgrade([monitor(0), tcp]);
    expect(outcome.changes).toContainEqual({
      kind: "monitor-paused",
      reason: "check-type",
      monitor_id: tcp.id,
      monitor_name: tcp.name,
    });
    expect(() => downgrade([tcp], [tcp.id])).toThrow(
      "Monitor 1 (mon_001) cannot stay active: the Free plan does not include its check type.",
    );
  });

  it("raises short intervals, reduces regions and holds headers back, remembering each", () => {
    const busy = monitor(0, {
      interval_seconds: 60,
      regions: ["eu-west-1", "us-west-2"],
      sends_headers_or_auth: true,
    });
    const outcome = downgrade([busy]);
    expect(outcome.monitors[0]).toMatchObject({
      interval_seconds: 300,
      regions: ["us-west-1"],
      sends_headers_or_auth: false,
      held: { interval_seconds: 60, regions: ["eu-west-1", "us-west-2"], headers_and_auth: true },
    });
    expect(outcome.changes.map((change) => describePlanChange(change, free))).toEqual([
      "Monitor 0 is checked every 5 minutes instead of every minute, the Free plan's shortest interval.",
      "Monitor 0 is checked from us-west-1 only instead of eu-west-1, us-west-2.",
      "Monitor 0 no longer sends its custom headers and authentication; they are kept for a plan that includes them.",
    ]);
  });

  it("leaves monitors a person paused alone", () => {
    const outcome = downgrade([...many(10), monitor(20, { paused: true })]);
    expect(outcome.changes).toEqual([]);
  });

  it("disables channel types the plan lacks and enables them again on the way back", () => {
    const sms = { id: "chn_1", name: "On call", type: "sms" as const };
    const input = { defaultRegion: "us-west-1", monitors: [], channels: [sms] };
    expect(computePlanChange({ ...input, from: hobby, to: free }).changes).toEqual([
      {
        kind: "channel-disabled",
        channel_id: "chn_1",
        channel_name: "On call",
        channel_type: "sms",
      },
    ]);
    expect(computePlanChange({ ...input, from: free, to: hobby }).changes[0]?.kind).toBe(
      "channel-enabled",
    );
  });

  it("keeps every status page and person beyond the new plan's limits, and says so", () => {
    const toFree = computePlanChange({
      from: business,
      to: free,
      defaultRegion: "us-west-1",
      monitors: [],
      channels: [],
      statusPages: ["Acme Shop Status"],
      users: 2,
    });
    expect(toFree.monitors).toEqual([]);
    expect(toFree.changes.map((change) => describePlanChange(change, free))).toEqual([
      "Acme Shop Status stays public and can still be updated; the Free plan includes no status pages, so none can be added.",
      "The account has 2 users and the Free plan allows 1: nobody loses access, and invitations are refused until there is room.",
    ]);
    const toHobby = computePlanChange({
      from: business,
      to: hobby,
      defaultRegion: "us-west-1",
      monitors: [],
      channels: [],
      statusPages: ["Shop", "Blog", "Docs", "API"],
      users: 1,
    });
    expect(toHobby.changes.map((change) => describePlanChange(change, hobby))).toEqual([
      "Shop, Blog and 2 more stay public and can still be updated; the Hobby plan includes 3, so no status page can be added while there are 4.",
    ]);
    const within = computePlanChange({
      from: business,
      to: hobby,
      defaultRegion: "us-west-1",
      monitors: [],
      channels: [],
      statusPages: ["Shop", "Blog", "Docs"],
      users: 1,
    });
    expect(within.changes).toEqual([]);
  });

  it("pauses monitors run from an agent on a plan without agents", () => {
    const proxied = monitor(0, { run_from: "agent", type: "tcp" });
    const outcome = computePlanChange({
      from: business,
      to: hobby,
      defaultRegion: "us-west-1",
      monitors: [proxied],
      channels: [],
    });
    expect(outcome.changes[0]).toMatchObject({ kind: "monitor-paused", reason: "agent" });
  });
});

const arbitraryMonitor = (index: number) =>
  fc
    .record({
      type: fc.constantFrom(...CHECK_TYPES),
      paused: fc.boolean(),
      interval_seconds: fc.constantFrom(30, 60, 120, 300, 600),
      regions: fc.constantFrom(["us-west-1"], ["eu-west-1"], ["us-west-1", "eu-west-1"]),
      run_from: fc.constantFrom("regions" as const, "agent" as const),
      sends_headers_or_auth: fc.boolean(),
    })
    .map((fields) => monitor(index, fields));

const arbitraryMonitors = fc
  .integer({ min: 0, max: 60 })
  .chain((count) =>
    fc.tuple(...Array.from({ length: count }, (_, index) => arbitraryMonitor(index))),
  );

function apply(monitors: PlanChangeMonitor[], outcome: ReturnType<typeof computePlanChange>) {
  return monitors.map((m) => {
    const next = outcome.monitors.find((candidate) => candidate.id === m.id);
    return next ? { ...m, ...next } : m;
  });
}

describe("every plan change, for any account", () => {
  it("leaves no more active monitors than the plan allows, each allowed by it, none deleted", () => {
    fc.assert(
      fc.property(
        arbitraryMonitors,
        fc.constantFrom(...PLANS),
        fc.constantFrom(...PLANS),
        (monitors, from, to) => {
          const outcome = computePlanChange({
            from,
            to,
            defaultRegion: "us-west-1",
            monitors,
            channels: [],
          });
          const after = apply(monitors, outcome);
          expect(after).toHaveLength(monitors.length);
          const active = after.filter((m) => !m.paused);
          expect(active.length).toBeLessThanOrEqual(to.limits.monitors ?? Number.POSITIVE_INFINITY);
          for (const m of active) expect(monitorAllowedOn(to, m)).toBeNull();
          for (const m of after) {
            expect(m.interval_seconds).toBeGreaterThanOrEqual(to.limits.minIntervalSeconds);
            if (!to.limits.allCheckTypes) expect(m.sends_headers_or_auth).toBe(false);
          }
        },
      ),
    );
  });

  it("gives back on the way up everything the way down held back", () => {
    fc.assert(
      fc.property(arbitraryMonitors, (monitors) => {
        const settled = monitors;
        const down = computePlanChange({
          from: getPlan("enterprise"),
          to: free,
          defaultRegion: "us-west-1",
          monitors: settled,
          channels: [],
        });
        const low = apply(settled, down);
        const up = computePlanChange({
          from: free,
          to: getPlan("enterprise"),
          defaultRegion: "us-west-1",
          monitors: low,
          channels: [],
        });
        const back = apply(low, up);
        expect(back.map(({ held, ...rest }) => rest)).toEqual(
          settled.map(({ held, ...rest }) => rest),
        );
        expect(back.every((m) => m.held === null)).toBe(true);
      }),
    );
  });
});

describe("white-label settings across plans", () => {
  it("says which pages lose their white-label footer and domain on leaving Enterprise+, and get them back on return", () => {
    const enterprise = getPlan("enterprise");
    const move = (from: typeof business, to: typeof business) =>
      computePlanChange({
        from,
        to,
        defaultRegion: "us-west-1",
        monitors: [],
        channels: [],
        whiteLabelPages: ["Acme Status"],
      }).changes.map((change) => describePlanChange(change, to));
    expect(move(enterprise, business)).toEqual([
      'Acme Status shows "Powered by Upwatch", and visitors of its custom domain, if it has one, are sent to its Upwatch address; its white-label settings are kept for a plan that includes them.',
    ]);
    expect(move(business, enterprise)).toEqual([
      'Acme Status uses its white-label settings again: its "Powered by Upwatch" choice and its custom domain, if it has one.',
    ]);
    expect(move(business, hobby)).toEqual([]);
  });
});
