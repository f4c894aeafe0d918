import { describe, expect, it } from "vitest";
import { ServerMetrics } from "./server-metrics.ts";

describe("the regions' metrics", () => {
  it("show live runners and outages per region, missed checks by region and dropped duplicates", async () => {
    const metrics = new ServerMetrics();
    metrics.watchRegions(() => [
      { region: "eu-west-1", runners: 2, outage: false },
      { region: "ap-southeast-2", runners: 0, outage: true },
    ]);
    metrics.checksMissed("ap-southeast-2", 3);
    metrics.duplicatesDropped(2);
    const text = await metrics.render();
    expect(text).toContain('upwatch_region_runners{region="eu-west-1"} 2');
    expect(text).toContain('upwatch_region_outage{region="ap-southeast-2"} 1');
    expect(text).toContain('upwatch_region_outage{region="eu-west-1"} 0');
    expect(text).toContain('upwatch_missed_checks_total{region="ap-southeast-2"} 3');
    expect(text).toContain("upwatch_duplicate_results_total 2");
  });
});
