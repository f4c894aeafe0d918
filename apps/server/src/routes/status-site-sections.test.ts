import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { createServiceContext } from "../services/context.ts";
import {
  insertComponent,
  insertIncident,
  insertPage,
  insertSection,
} from "../status-site/page-rows.fixture.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describeEachDatabase("sections and past incidents on the public status page", (db) => {
  let app: FastifyInstance;
  let accountId: string;

  beforeAll(async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    app = await buildTestApp(db(), { ctx });
    accountId = (await createTestAccount(db(), "business", ctx)).accountId;
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: "GET", url });

  it("lists each component once, under its own section, when two sections share a name", async () => {
    const dbx = db().handle.db;
    const page = await insertPage(dbx, accountId, {});
    const europe = await insertSection(dbx, page.id, "Servers", 0);
    const america = await insertSection(dbx, page.id, "Servers", 1);
    await insertComponent(dbx, page.id, { name: "Frankfurt", sectionId: europe });
    await insertComponent(dbx, page.id, { name: "Virginia", sectionId: america });
    const body = (await get(`/status/${page.slug}`)).body;
    expect(body.match(/Frankfurt/g)).toHaveLength(1);
    expect(body.match(/Virginia/g)).toHaveLength(1);
    const groups = body.split('<h3 class="section">Servers</h3>').slice(1);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toContain("Frankfurt");
    expect(groups[0]).not.toContain("Virginia");
    expect(groups[1]).toContain("Virginia");
  });

  it("tells how long each resolved incident lasted, on the page, in the history and on its own page", async () => {
    const dbx = db().handle.db;
    const page = await insertPage(dbx, accountId, {});
    const startedAt = Date.now() - DAY;
    const resolvedAt = startedAt + 64 * MINUTE;
    const id = await insertIncident(dbx, page.id, {
      title: "Slow checkout",
      startedAt,
      resolvedAt,
      updates: [{ stage: "resolved", message: "Fixed.", at: resolvedAt }],
    });
    await insertIncident(dbx, page.id, {
      title: "Search errors",
      startedAt: Date.now() - MINUTE,
      updates: [{ stage: "investigating", message: "Looking.", at: Date.now() - MINUTE }],
    });
    const main = (await get(`/status/${page.slug}`)).body;
    expect(main).toContain("Resolved after 1 hour 4 minutes");
    const history = (await get(`/status/${page.slug}/history`)).body;
    expect(history.match(/Resolved after [^<]+/g)).toEqual(["Resolved after 1 hour 4 minutes"]);
    const own = (await get(`/status/${page.slug}/incidents/${id}`)).body;
    expect(own).toContain("Resolved after 1 hour 4 minutes");
  });
});
