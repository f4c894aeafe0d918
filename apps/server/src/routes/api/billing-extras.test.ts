import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAgent } from "../../../test/agents.ts";
import { type BilledServer, payThroughApp, startBilledServer } from "../../../test/billing.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { registerUser, type TestSession } from "../../../test/sessions.ts";

describeEachDatabase("extras bought on top of a plan", (db) => {
  let server: BilledServer;
  beforeAll(async () => {
    server = await startBilledServer(db());
  });
  afterAll(async () => {
    await server?.close();
  });

  const call: BilledServer["call"] = (...args) => server.call(...args);
  const addMonitor = (owner: TestSession, index: number) =>
    call(owner, "POST", "/monitors", {
      type: "http",
      name: `Site ${index}`,
      target: `https://site-${index}.example.com/`,
      interval_seconds: 300,
    });

  it("let the account keep two more monitors than Hobby's own once Stripe confirms them, and no more", async () => {
    const owner = await registerUser(server.app);
    await payThroughApp(server, owner, { plan: "hobby", interval: "month" });
    await server.fake.deliverPending();
    const changed = await call(owner, "POST", "/billing/change", { extra_monitors: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    await server.fake.deliverPending();

    const account = (await call(owner, "GET", "/account")).json();
    expect(account.plan).toBe("hobby");
    expect(account.limits.monitors).toBe(12);
    for (let index = 1; index <= 12; index++) {
      const created = await addMonitor(owner, index);
      expect(created.statusCode, created.body).toBe(201);
    }
    const refused = await addMonitor(owner, 13);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      "Your Hobby plan allows 12 monitors. Delete a monitor or upgrade your plan to add another.",
    );
  });

  it("let a Business account add as many agents as its plan and its extra agents allow", async () => {
    const owner = await registerUser(server.app);
    await payThroughApp(server, owner, { plan: "business", interval: "month" });
    await server.fake.deliverPending();
    const changed = await call(owner, "POST", "/billing/change", { extra_agents: 1 });
    expect(changed.statusCode, changed.body).toBe(200);
    await server.fake.deliverPending();
    for (let index = 0; index < 5; index++) await createTestAgent(db().handle.db, owner.accountId);

    const sixth = await call(owner, "POST", "/agents", { name: "Sixth", os: "linux" });
    expect(sixth.statusCode, sixth.body).toBe(201);
    const seventh = await call(owner, "POST", "/agents", { name: "Seventh", os: "linux" });
    expect(seventh.statusCode).toBe(403);
    expect(seventh.json().detail).toBe(
      "Your plan (Business) includes 6 agents; delete an agent or change plan to add another.",
    );
  });
});
