import { getPlan, PLANS } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import {
  bestYearlySaving,
  formatInterval,
  formatLimit,
  planPrice,
  planPrices,
} from "./plan-price.ts";

describe("the price line of a plan card", () => {
  it("shows Free as $0 forever whatever the billing cycle", () => {
    for (const cycle of ["monthly", "yearly"] as const) {
      expect(planPrice(getPlan("free"), cycle)).toMatchObject({ amount: "$0", per: "forever" });
    }
  });

  it("shows the monthly prices of spec section 9 by month", () => {
    expect(planPrice(getPlan("hobby"), "monthly")).toMatchObject({ amount: "$8", per: "/month" });
    expect(planPrice(getPlan("business"), "monthly")).toMatchObject({
      amount: "$24",
      per: "/month",
    });
  });

  it("shows the yearly prices with their savings", () => {
    expect(planPrice(getPlan("hobby"), "yearly")).toEqual({
      amount: "$84",
      per: "/year",
      note: "Save $12 a year",
    });
    expect(planPrice(getPlan("business"), "yearly")).toEqual({
      amount: "$240",
      per: "/year",
      note: "Save $48 a year",
    });
  });

  it("shows Enterprise+ as a custom price in both cycles", () => {
    expect(planPrice(getPlan("enterprise"), "monthly").amount).toBe("Custom");
    expect(planPrice(getPlan("enterprise"), "yearly").amount).toBe("Custom");
  });
});

describe("the limits of a plan card", () => {
  it("reads intervals in minutes or seconds and null limits as unlimited", () => {
    expect(formatInterval(300)).toBe("5 min");
    expect(formatInterval(60)).toBe("1 min");
    expect(formatInterval(30)).toBe("30 sec");
    expect(formatLimit(1000)).toBe("1,000");
    expect(formatLimit(null)).toBe("Unlimited");
  });

  it("advertises the largest yearly saving on the toggle", () => {
    expect(bestYearlySaving(PLANS)).toBe(48);
  });
});

describe("the prices a plan card carries for both billing cycles", () => {
  it("holds the monthly and the yearly price line of each plan", () => {
    for (const plan of PLANS) {
      expect(planPrices(plan)).toEqual({
        monthly: planPrice(plan, "monthly"),
        yearly: planPrice(plan, "yearly"),
      });
    }
    expect(planPrices(getPlan("business")).yearly).toEqual({
      amount: "$240",
      per: "/year",
      note: "Save $48 a year",
    });
  });
});
