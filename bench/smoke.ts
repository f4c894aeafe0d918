/**
 * `BENCH_SMOKE=1`: the tiniest run of a benchmark that still goes through every step and prints
 * its figures (which then mean nothing), so the tests notice when a benchmark stops working.
 */
export const SMOKE = process.env.BENCH_SMOKE === "1";

/** `tiny` in a smoke run, `full` otherwise. */
export function smokeOr<Value>(tiny: Value, full: Value): Value {
  return SMOKE ? tiny : full;
}
