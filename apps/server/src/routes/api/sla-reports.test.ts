import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { type AppWithMail, startAppWithMail } from "../../../test/app-with-mail.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { readPdf } from "../../../test/pdf-reading.ts";
import { buildKnownMonth } from "../../../test/sla-month.ts";

const DECEMBER_3 = Date.parse("2026-12-03T12:00:00Z");

describeEachDatabase("SLA reports through the API", (db) => {
  let started: AppWithMail;
  let app: FastifyInstance;
  let headers: Record<string, string>;
  let monitorId: string;

  beforeAll(async () => {
    started = await startAppWithMail(db(), () => DECEMBER_3, { RUN_CHECKS: "false" });
    app = started.app;
    const account = await createTestAccount(db(), "enterprise", started.ctx);
    headers = account.headers;
    ({ monitorId } = await buildKnownMonth(started.ctx, account.accountId));
  });
  afterAll(() => started.close());

  const get = (url: string, as = headers) =>
    app.inject({ method: "GET", url: `/api/v1${url}`, headers: as });
  const month = (extra = "") =>
    `/reports/sla?subject_type=monitor&subject_id=${monitorId}&month=2026-11${extra}`;

  it("answers a month's figures that agree with the monitor page's outages to the minute", async () => {
    const response = await get(month());
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      subject: { type: "monitor", name: "Checkout" },
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-12-01T00:00:00.000Z",
      time_zone: "UTC",
      month: "2026-11",
      target_percent: 99.9,
      whole: {
        downtime_minutes: 195,
        maintenance_minutes: 60,
        uptime_percent: 99.548,
        budget_left_minutes: -151.9,
        target_met: false,
        outages: 4,
      },
    });
    const incidents = (await get(`/monitors/${monitorId}/incidents`)).json().data as Array<{
      started_at: string;
      ended_at: string;
    }>;
    const pageMinutes = incidents
      .map((i) => Math.round((Date.parse(i.ended_at) - Date.parse(i.started_at)) / 60_000))
      .reverse();
    expect(report.outages.map((o: { duration_minutes: number }) => o.duration_minutes)).toEqual(
      pageMinutes,
    );
  });

  it("takes a custom period and another target", async () => {
    const url = `/reports/sla?subject_type=monitor&subject_id=${monitorId}&from=2026-11-03T00:00:00Z&to=2026-11-04T00:00:00Z&target=95`;
    const report = (await get(url)).json();
    expect(report.month).toBeNull();
    expect(report.whole).toMatchObject({
      measured_minutes: 1440,
      downtime_minutes: 45,
      uptime_percent: 96.875,
      allowed_downtime_minutes: 72,
      budget_left_minutes: 27,
      target_met: true,
    });
  });

  it("downloads the report as CSV with the summary, outages and maintenance", async () => {
    const response = await get(month().replace("/reports/sla?", "/reports/sla.csv?"));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="sla-checkout-2026-11.csv"',
    );
    const lines = response.body.split("\r\n");
    expect(lines[1]).toMatch(
      /^SLA,monitor,Checkout,2026-11-01T00:00:00.000Z,.*,99.9,43140,60,195,99.548,43.1,-151.9,no,4,/,
    );
    expect(lines).toContain(
      "Checkout,2026-11-03T10:00:00.000Z,2026-11-03T10:45:00.000Z,45,45,HTTP 503: Expected a 2xx status but the server answered 503 Service Unavailable (2).",
    );
    expect(lines).toContain(
      "Checkout,Database upgrade,2026-11-20T01:30:00.000Z,2026-11-20T02:30:00.000Z",
    );
  });

  it("downloads the report as a PDF a reader opens: cover, summary, chart and tables", async () => {
    const response = await get(month().replace("/reports/sla?", "/reports/sla.pdf?"));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const pdf = readPdf(response.rawPayload);
    expect(pdf.pages).toBe(3);
    expect(pdf.title).toBe("Service level report: Checkout, November 2026");
    for (const words of [
      "Service level report",
      "November 2026",
      "99.548 %",
      "Budget left -151.9 min",
      "Maintenance excluded 1 h",
      "Uptime by day",
      "Database upgrade",
      "us-west-1",
    ]) {
      expect(pdf.text).toContain(words);
    }
    expect(pdf.text).toMatch(/Expected a 2xx status but the server\s+answered 503/);
  });

  it("explains bad requests in a sentence", async () => {
    const cases: Array<[string, number, string]> = [
      [month().replace("2026-11", "2026-13"), 400, "month must be written as 2026-11."],
      [
        `${month()}&from=2026-11-01T00:00:00Z`,
        400,
        "Give either month or both from and to, not both.",
      ],
      [month("&target=100"), 400, "target must be a percentage above 0 and below 100"],
      [
        "/reports/sla?subject_type=monitor&subject_id=mon_nothing&month=2026-11",
        404,
        "There is no monitor with that id.",
      ],
      [
        `/reports/sla?subject_type=monitor&subject_id=${monitorId}&from=2026-11-05T00:00:00Z&to=2026-11-01T00:00:00Z`,
        400,
        "The report's period must end after it starts.",
      ],
      [
        month().replace("month=2026-11", "month=2027-05"),
        400,
        "The report's period has not started yet.",
      ],
    ];
    for (const [url, status, detail] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.json().detail).toContain(detail);
    }
  });

  it("walls plans without SLA reports with the plan that has them", async () => {
    const business = await createTestAccount(db(), "business", started.ctx);
    for (const url of [month(), "/reports/schedules"]) {
      const response = await get(url, business.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toMatch(
        /^SLA reports are part of the Enterprise\S* plan and above; the Business plan does not include them\.$/,
      );
    }
  });

  it("keeps report schedules: created, listed, changed and deleted, addresses checked", async () => {
    const call = (method: "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
    const bad = await call("POST", "/reports/schedules", {
      subject_type: "monitor",
      subject_id: monitorId,
      recipients: ["not an address"],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/e-?mail address/i);
    const empty = await call("POST", "/reports/schedules", {
      subject_type: "monitor",
      subject_id: monitorId,
      recipients: [],
    });
    expect(empty.json().detail).toBe("Name at least one address to mail the report to.");
    const created = await call("POST", "/reports/schedules", {
      subject_type: "monitor",
      subject_id: monitorId,
      target: 99.95,
      recipients: ["finance@example.com", "FINANCE@example.com", "cto@example.com"],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      subject: { type: "monitor", id: monitorId, name: "Checkout" },
      target_percent: 99.95,
      recipients: ["finance@example.com", "cto@example.com"],
      last_sent_month: null,
    });
    const id = created.json().id;
    const changed = await call("PATCH", `/reports/schedules/${id}`, { target: 99.5 });
    expect(changed.json()).toMatchObject({ target_percent: 99.5 });
    expect((await get("/reports/schedules")).json().data).toMatchObject([{ id }]);
    expect((await call("DELETE", `/reports/schedules/${id}`)).statusCode).toBe(204);
    expect((await get("/reports/schedules")).json().data).toEqual([]);
    expect((await call("DELETE", `/reports/schedules/${id}`)).json().detail).toBe(
      "There is no report schedule with that id.",
    );
    // The test's clock stands still, so the three events share a time: compared as a set.
    const audit = (await get("/audit-log?action=report_schedule.")).json().data as Array<{
      action: string;
    }>;
    expect(audit.map((event) => event.action).sort()).toEqual([
      "report_schedule.created",
      "report_schedule.deleted",
      "report_schedule.updated",
    ]);
    expect(audit.find((event) => event.action === "report_schedule.updated")).toMatchObject({
      target: { type: "report_schedule", label: "Checkout" },
      changes: { target: { before: 99.95, after: 99.5 } },
    });
  });
});
