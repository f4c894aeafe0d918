import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { insertStatusPage } from "../../../test/status-incident-pages.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("status page incident lists and long incidents in the API", (db) => {
  let app: FastifyInstance;
  let account: Account;

  beforeAll(async () => {
    app = await buildTestApp(db());
    account = await createTestAccount(db(), "business");
  });
  afterAll(() => app.close());

  const newPage = () => insertStatusPage(db().handle.db, account.accountId, ["API"]);
  const call = async (method: string, url: string, payload?: unknown) => {
    const response = await app.inject({
      method: method as "GET",
      url: `/api/v1/status-pages${url}`,
      headers: account.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };

  it("lists every incident exactly once across pages when several started at the same time", async () => {
    const page = await newPage();
    const sameStart = new Date(Date.now() - 3_600_000).toISOString();
    for (const n of [1, 2, 3, 4, 5]) {
      const opened = await call("POST", `/${page.id}/incidents`, {
        title: `Incident ${n}`,
        message: "Looking into it.",
        started_at: n === 5 ? new Date(Date.now() - 7_200_000).toISOString() : sameStart,
      });
      expect(opened.status).toBe(201);
    }
    const seen: string[] = [];
    let before: string | null = null;
    for (let round = 0; round < 10; round += 1) {
      const query: string = before ? `&before=${encodeURIComponent(before)}` : "";
      const listed = await call("GET", `/${page.id}/incidents?limit=2${query}`);
      expect(listed.status).toBe(200);
      seen.push(...listed.body.data.map((i: { title: string }) => i.title));
      before = listed.body.next_before;
      if (before === null) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen.at(-1)).toBe("Incident 5");
  });

  it("refuses a cursor it did not give out", async () => {
    const page = await newPage();
    const listed = await call("GET", `/${page.id}/incidents?before=yesterday`);
    expect(listed.status).toBe(400);
    expect(listed.body.detail).toBe("before must be the next_before value of the previous page.");
  });

  it("refuses the 201st update of an incident and keeps the first 200", async () => {
    const page = await newPage();
    const opened = await call("POST", `/${page.id}/incidents`, {
      title: "Long outage",
      message: "Update 1.",
    });
    const incidentId: string = opened.body.id;
    const started = Date.now() - 3_600_000;
    await db()
      .handle.db.insertInto("status_incident_updates")
      .values(
        Array.from({ length: 198 }, (_, i) => ({
          id: `upd_long_${incidentId}_${i}`,
          incident_id: incidentId,
          stage: "investigating",
          message: `Update ${i + 2}.`,
          components: "[]",
          created_at: started + i,
        })),
      )
      .execute();
    const path = `/${page.id}/incidents/${incidentId}/updates`;
    const last = await call("POST", path, { stage: "monitoring", message: "Update 200." });
    expect(last.status).toBe(201);
    const refused = await call("POST", path, { stage: "resolved", message: "Update 201." });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(
      "An incident can have at most 200 updates; open a new incident to tell more.",
    );
    const incident = await call("GET", `/${page.id}/incidents/${incidentId}`);
    expect(incident.body.updates).toHaveLength(200);
    expect(incident.body.stage).toBe("monitoring");
  });
});
