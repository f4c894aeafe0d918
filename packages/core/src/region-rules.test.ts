import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REGION_RULES, roundFails } from "./region-rules.ts";

const answers = fc
  .integer({ min: 0, max: 4 })
  .chain((answered) =>
    fc.record({ answered: fc.constant(answered), failed: fc.integer({ min: 0, max: answered }) }),
  );

describe("the verdict of a round checked from several regions", () => {
  it("fails under any as soon as one region failed", () => {
    fc.assert(
      fc.property(answers, (round) => {
        expect(roundFails(round, "any")).toBe(round.failed >= 1);
      }),
    );
  });

  it("fails under majority only when more than half of the answers failed", () => {
    expect(roundFails({ failed: 1, answered: 2 }, "majority")).toBe(false);
    expect(roundFails({ failed: 2, answered: 3 }, "majority")).toBe(true);
    expect(roundFails({ failed: 1, answered: 1 }, "majority")).toBe(true);
    fc.assert(
      fc.property(answers, (round) => {
        expect(roundFails(round, "majority")).toBe(round.failed > round.answered / 2);
      }),
    );
  });

  it("fails under all only when every region that answered failed", () => {
    fc.assert(
      fc.property(answers, (round) => {
        expect(roundFails(round, "all")).toBe(
          round.answered > 0 && round.failed === round.answered,
        );
      }),
    );
  });

  it("never fails a round no region answered", () => {
    for (const rule of REGION_RULES)
      expect(roundFails({ failed: 0, answered: 0 }, rule)).toBe(false);
  });

  it("is stricter from any to majority to all", () => {
    fc.assert(
      fc.property(answers, (round) => {
        if (roundFails(round, "all")) expect(roundFails(round, "majority")).toBe(true);
        if (roundFails(round, "majority")) expect(roundFails(round, "any")).toBe(true);
      }),
    );
  });
});
