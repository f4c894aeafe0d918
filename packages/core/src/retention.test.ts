import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_PLANS, getPlan } from "./plans.ts";
import {
  CUSTOM_RETENTION_DAYS,
  dailyRollupDays,
  effectiveHistoryDays,
  HISTORY_DAYS_CHOICE,
  historyChoiceProblem,
} from "./retention.ts";

const maxDays = fc.integer({
  min: HISTORY_DAYS_CHOICE.min,
  max: HISTORY_DAYS_CHOICE.operatorCeiling,
});
const chosenDays = fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null });

describe("how long an account keeps its history", () => {
  it("keeps a fixed plan's days whatever the account chose or the server allows", () => {
    fc.assert(
      fc.property(chosenDays, maxDays, (chosen, max) => {
        for (const plan of ALL_PLANS.filter((p) => p.limits.historyDays !== null)) {
          expect(effectiveHistoryDays({ plan, chosenDays: chosen, maxDays: max })).toBe(
            plan.limits.historyDays,
          );
        }
      }),
    );
  });

  it("keeps a choosing plan's history between 30 days and the server's longest, the choice when it fits", () => {
    fc.assert(
      fc.property(chosenDays, maxDays, (chosen, max) => {
        for (const id of ["enterprise", "self-hosted"] as const) {
          const days = effectiveHistoryDays({
            plan: getPlan(id),
            chosenDays: chosen,
            maxDays: max,
          });
          expect(days).toBeGreaterThanOrEqual(HISTORY_DAYS_CHOICE.min);
          expect(days).toBeLessThanOrEqual(max);
          const wanted = chosen ?? CUSTOM_RETENTION_DAYS;
          if (wanted >= HISTORY_DAYS_CHOICE.min && wanted <= max) expect(days).toBe(wanted);
        }
      }),
    );
  });

  it("keeps daily figures at least 800 days and never less than the history", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (days) => {
        expect(dailyRollupDays(days)).toBe(Math.max(800, days));
      }),
    );
  });

  it("accepts exactly the whole numbers of days from 30 to the server's longest", () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 5000, noNaN: true }), maxDays, (days, max) => {
        const fits = Number.isInteger(days) && days >= 30 && days <= max;
        expect(historyChoiceProblem(days, max) === null).toBe(fits);
      }),
    );
    expect(historyChoiceProblem(10, 730)).toBe(
      "The history length must be a whole number of days from 30 to 730, the longest this server keeps.",
    );
  });
});
