import { describe, expect, it } from "vitest";
import { readCheckoutIntent, withCheckoutIntent } from "./checkout-intent.ts";

describe("the plan chosen on the pricing page", () => {
  it("is read from the query and written back unchanged", () => {
    const intent = readCheckoutIntent(new URLSearchParams("plan=hobby&interval=year"));
    expect(intent).toEqual({ plan: "hobby", interval: "year" });
    expect(withCheckoutIntent("/app/register", intent)).toBe(
      "/app/register?plan=hobby&interval=year",
    );
  });

  it("is monthly when no interval is named", () => {
    expect(readCheckoutIntent(new URLSearchParams("plan=business"))).toEqual({
      plan: "business",
      interval: "month",
    });
  });

  it("is absent for Free, Enterprise+ or an unknown interval, leaving the address as it is", () => {
    expect(readCheckoutIntent(new URLSearchParams("plan=free"))).toBeNull();
    expect(readCheckoutIntent(new URLSearchParams("plan=enterprise"))).toBeNull();
    expect(readCheckoutIntent(new URLSearchParams("plan=hobby&interval=week"))).toBeNull();
    expect(withCheckoutIntent("/app", null)).toBe("/app");
  });
});
