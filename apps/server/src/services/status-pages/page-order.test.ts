import fc from "fast-check";
import { expect, it } from "vitest";
import { placeAt } from "./page-order.ts";

const ids = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 30 });

it("places an item at the asked position, or last when the position is past the end", () => {
  fc.assert(
    fc.property(
      ids,
      fc.string({ minLength: 1 }),
      fc.option(fc.nat(40), { nil: undefined }),
      (list, id, position) => {
        const placed = placeAt(list, id, position);
        const others = list.filter((candidate) => candidate !== id);
        expect(placed).toHaveLength(others.length + 1);
        expect(new Set(placed).size).toBe(placed.length);
        expect(placed.filter((candidate) => candidate !== id)).toEqual(others);
        const expected = position === undefined ? others.length : Math.min(position, others.length);
        expect(placed.indexOf(id)).toBe(expected);
      },
    ),
  );
});
