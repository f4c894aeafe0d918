import { describe, expect, it } from "vitest";
import { checkRegionLabel } from "./check-region.ts";

describe("where a check ran, as the check list shows it", () => {
  it("shows Agent for a check an agent ran", () => {
    expect(checkRegionLabel("agent")).toBe("Agent");
  });

  it("shows a region's code for a check run from a region", () => {
    expect(checkRegionLabel("eu-west-1")).toBe("eu-west-1");
  });
});
