import { MAX_OCCURRENCE_MINUTES } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { MAX_WINDOW_MS } from "../../src/services/status-maintenance/maintenance-rules.ts";
import { stated } from "./article-text.ts";

describe("the maintenance window article's numbers", () => {
  it("states the longest one-off window and the longest occurrences the server accepts", () => {
    const [oneOff] = stated(
      "maintenance-windows",
      /a start and an end \(at most (\d+) days long\)/,
    );
    expect(Number(oneOff) * 86_400_000).toBe(MAX_WINDOW_MS);
    const [daily, other] = stated(
      "maintenance-windows",
      /a daily window lasts at most (\d+) hours and others at most (\d+) days/,
    );
    expect(Number(daily) * 60).toBe(MAX_OCCURRENCE_MINUTES.daily);
    expect(Number(other) * 1440).toBe(MAX_OCCURRENCE_MINUTES.weekly);
  });
});
