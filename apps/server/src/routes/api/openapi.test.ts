import { ALERT_CHANNELS } from "@upwatch/core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

describeEachDatabase("the OpenAPI document", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  it("is served without a key and lists every operation", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    const apiPaths = Object.keys(document.paths).filter((path) => !path.startsWith("/agent/"));
    expect(apiPaths.sort()).toEqual([
      "/account",
      "/account/history",
      "/account/leave",
      "/account/plan-change",
      "/account/plan-change/dismiss",
      "/account/security",
      "/account/settings",
      "/account/sso",
      "/account/sso/domains/{domain}/verify",
      "/account/transfer-ownership",
      "/accounts",
      "/agents",
      "/agents/downloads",
      "/agents/{id}",
      "/agents/{id}/alert-rules",
      "/agents/{id}/alert-rules/{ruleId}",
      "/agents/{id}/custom-metrics",
      "/agents/{id}/custom-metrics/{seriesId}",
      "/agents/{id}/key",
      "/agents/{id}/metrics",
      "/agents/{id}/tasks",
      "/alerts",
      "/alerts/{id}",
      "/alerts/{id}/acknowledge",
      "/alerts/{id}/resolve",
      "/api-keys",
      "/api-keys/{id}",
      "/audit-log",
      "/audit-log.csv",
      "/audit-log/actors",
      "/auth/email",
      "/auth/login",
      "/auth/login/two-factor",
      "/auth/login/two-factor/enable",
      "/auth/login/two-factor/setup",
      "/auth/logout",
      "/auth/password",
      "/auth/password-reset",
      "/auth/password-reset/complete",
      "/auth/register",
      "/auth/registration",
      "/auth/session",
      "/auth/session/account",
      "/auth/sessions",
      "/auth/sessions/{id}",
      "/auth/sso/callback",
      "/auth/sso/start",
      "/auth/two-factor",
      "/auth/two-factor/disable",
      "/auth/two-factor/enable",
      "/auth/two-factor/recovery-codes",
      "/auth/two-factor/setup",
      "/billing",
      "/billing/cancel",
      "/billing/change",
      "/billing/checkout",
      "/billing/invoices",
      "/billing/portal",
      "/billing/preview",
      "/billing/refund",
      "/billing/resume",
      "/channels",
      "/channels/{id}",
      "/channels/{id}/confirmation",
      "/channels/{id}/test",
      "/dashboards",
      "/dashboards/{id}",
      "/dashboards/{id}/data",
      "/dashboards/{id}/share-links",
      "/dashboards/{id}/share-links/{linkId}",
      "/dependencies",
      "/dependencies/{id}",
      "/events",
      "/groups",
      "/groups/{id}",
      "/groups/{id}/monitors",
      "/groups/{id}/monitors/{monitorId}",
      "/invitations",
      "/invitations/by-token/{token}",
      "/invitations/by-token/{token}/accept",
      "/invitations/by-token/{token}/register",
      "/invitations/{id}",
      "/invitations/{id}/resend",
      "/maintenance-windows",
      "/maintenance-windows/{id}",
      "/maintenance-windows/{id}/skips",
      "/members",
      "/members/{userId}",
      "/metrics/monitors",
      "/monitors",
      "/monitors/overview",
      "/monitors/{id}",
      "/monitors/{id}/badges",
      "/monitors/{id}/badges/key",
      "/monitors/{id}/channels",
      "/monitors/{id}/check",
      "/monitors/{id}/checks",
      "/monitors/{id}/heartbeat-token",
      "/monitors/{id}/incidents",
      "/monitors/{id}/pause",
      "/monitors/{id}/region-latency",
      "/monitors/{id}/resume",
      "/monitors/{id}/stats",
      "/monitors/{id}/status-components",
      "/notifications",
      "/regions",
      "/reports/schedules",
      "/reports/schedules/{id}",
      "/reports/schedules/{id}/confirmation",
      "/reports/sla",
      "/reports/sla.csv",
      "/reports/sla.pdf",
      "/roles",
      "/roles/{id}",
      "/secure-variables",
      "/secure-variables/{name}",
      "/server/notices",
      "/shared-dashboards/{token}",
      "/status-pages",
      "/status-pages/{id}",
      "/status-pages/{id}/components",
      "/status-pages/{id}/components/{componentId}",
      "/status-pages/{id}/custom-domain/verify",
      "/status-pages/{id}/incidents",
      "/status-pages/{id}/incidents/{incidentId}",
      "/status-pages/{id}/incidents/{incidentId}/updates",
      "/status-pages/{id}/incidents/{incidentId}/updates/{updateId}",
      "/status-pages/{id}/logo",
      "/status-pages/{id}/maintenances",
      "/status-pages/{id}/maintenances/{maintenanceId}",
      "/status-pages/{id}/maintenances/{maintenanceId}/end",
      "/status-pages/{id}/maintenances/{maintenanceId}/skips",
      "/status-pages/{id}/order",
      "/status-pages/{id}/sections",
      "/status-pages/{id}/sections/{sectionId}",
      "/status-pages/{id}/subscribers",
      "/status-pages/{id}/subscribers.csv",
      "/status-pages/{id}/subscribers/{subscriberId}",
    ]);
    expect(Object.keys(document.paths["/monitors/{id}"]).sort()).toEqual([
      "delete",
      "get",
      "patch",
    ]);
  });

  it("describes the request bodies with the validation schemas", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const create = document.paths["/monitors"].post.requestBody.content["application/json"].schema;
    const types = create.oneOf.map(
      (variant: { properties: { type: { const: string } } }) => variant.properties.type.const,
    );
    expect(types).toEqual([
      "http",
      "keyword",
      "ping",
      "tcp",
      "dns",
      "ssl",
      "multi_step",
      "heartbeat",
    ]);
    const http = create.oneOf[0].properties;
    expect(http.timeout_seconds).toMatchObject({ minimum: 1, maximum: 60, default: 30 });
    expect(http.interval_seconds).toMatchObject({ minimum: 30, maximum: 3600 });
    const stats = document.paths["/monitors/{id}/stats"].get.parameters;
    expect(stats.find((p: { name: string }) => p.name === "range").schema.enum).toEqual([
      "24h",
      "7d",
      "30d",
    ]);
    const latency = document.paths["/monitors/{id}/region-latency"].get.parameters;
    expect(latency.find((p: { name: string }) => p.name === "period").schema.enum).toEqual([
      "24h",
      "7d",
      "30d",
      "90d",
    ]);
    expect(http.regions).toMatchObject({ type: "array", minItems: 1, maxItems: 4 });
    expect(http.region_rule).toMatchObject({
      enum: ["any", "majority", "all"],
      default: "majority",
    });
    expect(document.paths["/monitors"].post.responses["429"]).toBeDefined();
    const checkNow = document.paths["/monitors/{id}/check"].post.responses;
    const events = document.paths["/events"].get.responses["200"].content;
    expect(Object.keys(events)).toEqual(["text/event-stream"]);
    expect(Object.keys(checkNow)).toEqual(
      expect.arrayContaining(["200", "404", "409", "429", "503"]),
    );
  });

  it("describes the alerting operations from the schemas that validate them", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const dependency =
      document.paths["/dependencies"].post.requestBody.content["application/json"].schema;
    expect(dependency.required).toEqual(["parent_monitor_id"]);
    expect(Object.keys(dependency.properties).sort()).toEqual([
      "child_agent_id",
      "child_monitor_id",
      "parent_monitor_id",
    ]);
    const channel = document.paths["/channels"].post.requestBody.content["application/json"].schema;
    expect(
      channel.oneOf.map(
        (v: { properties: { type: { const: string } } }) => v.properties.type.const,
      ),
    ).toEqual(ALERT_CHANNELS);
    const alerts = document.paths["/alerts"].get.parameters;
    expect(alerts.find((p: { name: string }) => p.name === "state").schema.enum).toEqual([
      "open",
      "acknowledged",
      "resolved",
    ]);
    expect(document.paths["/monitors/{id}/channels"].put).toBeDefined();
  });

  it("marks signing in as open to anyone and the account's deletion as needing a session", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    expect(document.paths["/auth/login"].post.security).toEqual([]);
    expect(document.paths["/auth/register"].post.responses["409"]).toBeDefined();
    expect(document.paths["/account"].delete.security).toEqual([{ session: [] }]);
    expect(document.paths["/api-keys"].post.security).toBeUndefined();
    expect(document.components.securitySchemes.session).toMatchObject({
      in: "cookie",
      name: "upwatch_session",
    });
    const register = document.paths["/auth/register"].post.requestBody.content["application/json"];
    expect(register.schema.properties.password).toMatchObject({ minLength: 10, maxLength: 200 });
  });
});
