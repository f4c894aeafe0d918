import { expect, it } from "vitest";
import { createAgentAlertingHarness, sampleAt } from "../../../test/agent-alerting.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { AgentAlerting } from "./agent-alerting.ts";

describeEachDatabase("agent alerting hook", (db) => {
  it("wakes delivery after the report transaction that queued notifications, not after another", async () => {
    const h = await createAgentAlertingHarness(db());
    let wakes = 0;
    const alerting = new AgentAlerting({
      db: h.db,
      actx: h.actx,
      log: { warn: () => {} },
      onQueued: () => {
        wakes += 1;
      },
    });
    const busy = await h.agent("db-primary");
    const calm = await h.agent("web-1");
    await h.channel("webhook", busy.id);
    await h.rule(busy.id, "cpu", { threshold: 80 });
    const options = { alerting, afterReports: false };
    const queuing = await h.report(busy.id, [sampleAt(h.clock.now, { cpu_percent: 99 })], options);
    const quiet = await h.report(calm.id, [sampleAt(h.clock.now)], options);
    alerting.afterReports(quiet!);
    expect(wakes).toBe(0);
    alerting.afterReports(queuing!);
    expect(wakes).toBe(1);
    alerting.afterReports(queuing!);
    expect(wakes).toBe(1);
  });
});
