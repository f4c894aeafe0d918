import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MinHeap } from "./min-heap.ts";

describe("the min-heap", () => {
  it("gives items back in key order whatever order they went in", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), (values) => {
        const heap = new MinHeap<number>((value) => value);
        for (const value of values) heap.push(value);
        const out: number[] = [];
        while (heap.size) out.push(heap.pop()!);
        expect(out).toEqual([...values].sort((a, b) => a - b));
      }),
    );
  });

  it("is empty after giving everything back", () => {
    const heap = new MinHeap<number>((value) => value);
    heap.push(1);
    expect(heap.pop()).toBe(1);
    expect(heap.pop()).toBeUndefined();
    expect(heap.peek()).toBeUndefined();
  });
});
