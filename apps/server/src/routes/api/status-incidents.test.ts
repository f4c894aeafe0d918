import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { insertStatusPage, pageVersion } from "../../../test/status-incident-pages.ts";
import { createServiceContext } from "../../services/context.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;
type Page = Awaited<ReturnType<typeof insertStatusPage>>;

describeEachDatabase("status page incidents in the API", (db) => {
  let app: FastifyInstance;
  let account: Account;
  let other: Account;

  beforeAll(async () => {
    // A clock that always moves keeps the notices of one test in the order they were made.
    let last = 0;
    const now = () => {
      last = Math.max(Date.now(), last + 1);
      return last;
    };
    app = await buildTestApp(db(), {
      ctx: createServiceContext(db().handle.db, TEST_SECRETS, { now }),
    });
    account = await createTestAccount(db(), "business");
    other = await createTestAccount(db(), "business");
  });
  afterAll(() => app.close());

  const newPage = () => insertStatusPage(db().handle.db, account.accountId, ["API", "Website"]);
  const call = async (method: string, url: string, payload?: unknown, who: Account = account) => {
    const response = await app.inject({
      method: method as "GET",
      url: `/api/v1/status-pages${url}`,
      headers: who.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const componentStates = async (page: Page) =>
    Object.fromEntries(
      (
        await db()
          .handle.db.selectFrom("status_components")
          .select(["id", "state"])
          .where("page_id", "=", page.id)
          .execute()
      ).map((row) => [row.id, row.state]),
    );
  const notices = (page: Page) =>
    db()
      .handle.db.selectFrom("status_notices")
      .select(["kind", "subject", "body"])
      .where("page_id", "=", page.id)
      .orderBy("created_at")
      .execute();
  const open = (page: Page, extra: Record<string, unknown> = {}) =>
    call("POST", `/${page.id}/incidents`, {
      title: "Checkout errors",
      message: "We are looking into failed payments.",
      components: [{ component_id: page.componentIds[0], state: "major_outage" }],
      ...extra,
    });

  it("opens an incident as Investigating with its first update and sets the components' states", async () => {
    const page = await newPage();
    const before = await pageVersion(db().handle.db, page.id);
    const created = await open(page);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      page_id: page.id,
      title: "Checkout errors",
      stage: "investigating",
      resolved_at: null,
      components: [{ component_id: page.componentIds[0], name: "API", state: "major_outage" }],
      updates: [{ stage: "investigating", message: "We are looking into failed payments." }],
    });
    expect(await componentStates(page)).toEqual({
      [page.componentIds[0] as string]: "major_outage",
      [page.componentIds[1] as string]: "operational",
    });
    expect(await pageVersion(db().handle.db, page.id)).toBeGreaterThan(before);
    expect(await notices(page)).toMatchObject([
      { kind: "incident-opened", subject: `[${page.name}] Incident: Checkout errors` },
    ]);
  });

  it("stamps the resolution with the first Resolved update, keeps it for an addendum and clears it on reopening", async () => {
    const page = await newPage();
    const { body: incident } = await open(page);
    const post = (stage: string, components: unknown[] = []) =>
      call("POST", `/${page.id}/incidents/${incident.id}/updates`, {
        stage,
        message: `Now ${stage}.`,
        components,
      });
    expect((await post("monitoring")).body).toMatchObject({
      stage: "monitoring",
      resolved_at: null,
    });
    const resolved = await post("resolved", [
      { component_id: page.componentIds[0], state: "operational" },
    ]);
    expect(resolved.status).toBe(201);
    expect(resolved.body.resolved_at).toEqual(expect.any(String));
    expect(resolved.body.components).toEqual([
      { component_id: page.componentIds[0], name: "API", state: "operational" },
    ]);
    expect(resolved.body.updates.map((u: { stage: string }) => u.stage)).toEqual([
      "resolved",
      "monitoring",
      "investigating",
    ]);
    const addendum = await post("resolved");
    expect(addendum.body.resolved_at).toBe(resolved.body.resolved_at);
    const reopened = await post("identified", [
      { component_id: page.componentIds[1], state: "degraded_performance" },
    ]);
    expect(reopened.body).toMatchObject({ stage: "identified", resolved_at: null });
    expect(reopened.body.components).toEqual([
      { component_id: page.componentIds[0], name: "API", state: "operational" },
      { component_id: page.componentIds[1], name: "Website", state: "degraded_performance" },
    ]);
    expect((await notices(page)).map((notice) => notice.kind)).toEqual([
      "incident-opened",
      "incident-updated",
      "incident-resolved",
      "incident-updated",
      "incident-updated",
    ]);
  });

  it("does not mail subscribers when told not to, nor when an update's message is corrected", async () => {
    const page = await newPage();
    const { body: incident } = await open(page, { notify_subscribers: false });
    const updateId = incident.updates[0].id;
    const edited = await call("PATCH", `/${page.id}/incidents/${incident.id}/updates/${updateId}`, {
      message: "Payments fail for some cards.",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.updates[0].message).toBe("Payments fail for some cards.");
    const renamed = await call("PATCH", `/${page.id}/incidents/${incident.id}`, {
      title: "Card payments fail",
    });
    expect(renamed.body.title).toBe("Card payments fail");
    expect(await notices(page)).toEqual([]);
  });

  it("accepts a back-dated start but refuses one in the future or more than 90 days ago", async () => {
    const page = await newPage();
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect((await open(page, { started_at: hourAgo })).body.started_at).toBe(hourAgo);
    const future = await open(page, { started_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future).toEqual({
      status: 400,
      body: { detail: "started_at cannot be in the future." },
    });
    const old = await open(page, {
      started_at: new Date(Date.now() - 91 * 86_400_000).toISOString(),
    });
    expect(old).toEqual({
      status: 400,
      body: { detail: "started_at can be at most 90 days ago." },
    });
  });

  it("refuses components of another page, a component named twice and an empty title", async () => {
    const page = await newPage();
    const elsewhere = await newPage();
    const foreign = elsewhere.componentIds[0];
    expect(
      await open(page, { components: [{ component_id: foreign, state: "major_outage" }] }),
    ).toEqual({
      status: 400,
      body: { detail: `components names "${foreign}", which is not a component of this page.` },
    });
    const twice = await open(page, {
      components: [
        { component_id: page.componentIds[0], state: "major_outage" },
        { component_id: page.componentIds[0], state: "operational" },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await open(page, { title: "" })).body.detail).toBe("title cannot be empty.");
    expect((await open(page, { stage: "panicking" })).status).toBe(400);
    expect(await notices(page)).toEqual([]);
  });

  it("lists open and resolved incidents newest first, in pages, and tells subscribers of one posted resolved that it is resolved", async () => {
    const page = await newPage();
    for (const hours of [3, 2, 1]) {
      await open(page, {
        title: `Incident ${hours}h ago`,
        started_at: new Date(Date.now() - hours * 3_600_000).toISOString(),
        stage: hours === 3 ? "resolved" : "investigating",
      });
    }
    const first = await call("GET", `/${page.id}/incidents?limit=2`);
    expect(first.body.data.map((i: { title: string }) => i.title)).toEqual([
      "Incident 1h ago",
      "Incident 2h ago",
    ]);
    const rest = await call(
      "GET",
      `/${page.id}/incidents?limit=2&before=${first.body.next_before}`,
    );
    expect(rest.body).toMatchObject({ data: [{ title: "Incident 3h ago" }], next_before: null });
    const resolved = await call("GET", `/${page.id}/incidents?state=resolved`);
    expect(resolved.body.data.map((i: { title: string }) => i.title)).toEqual(["Incident 3h ago"]);
    expect((await notices(page)).map((notice) => notice.kind)).toEqual([
      "incident-resolved",
      "incident-opened",
      "incident-opened",
    ]);
    const open2 = await call("GET", `/${page.id}/incidents?state=open`);
    expect(open2.body.data).toHaveLength(2);
    expect((await call("GET", `/${page.id}/incidents?limit=0`)).status).toBe(400);
  });

  it("deletes an incident from the history and answers 404 for it afterwards", async () => {
    const page = await newPage();
    const { body: incident } = await open(page);
    expect((await call("DELETE", `/${page.id}/incidents/${incident.id}`)).status).toBe(204);
    const gone = await call("GET", `/${page.id}/incidents/${incident.id}`);
    expect(gone).toEqual({ status: 404, body: { detail: "There is no incident with that id." } });
  });

  describe("another account", () => {
    it("cannot see or post to the page's incidents", async () => {
      const page = await newPage();
      const { body: incident } = await open(page);
      expect((await call("GET", `/${page.id}/incidents`, undefined, other)).status).toBe(404);
      expect(
        (await call("GET", `/${page.id}/incidents/${incident.id}`, undefined, other)).body,
      ).toEqual({ detail: "There is no status page with that id." });
      const posted = await call(
        "POST",
        `/${page.id}/incidents/${incident.id}/updates`,
        { stage: "resolved", message: "Done." },
        other,
      );
      expect(posted.status).toBe(404);
    });
  });
});
