import { fileURLToPath } from "node:url";
import { type ApiOperation, OPERATIONS } from "@upwatch/api";
import { PERMISSION_DESCRIPTIONS, PERMISSIONS, type Permission } from "@upwatch/core";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import {
  ROLE_TABLE_COLUMNS,
  type RoleTableColumn,
  readRoleTable,
} from "../../../test/role-table.ts";
import { registerUser } from "../../../test/sessions.ts";
import { setAccountPlan, signedInMember } from "../../../test/team-members.ts";

const TABLE = readRoleTable(
  fileURLToPath(new URL("../../../../../docs/accounts.md", import.meta.url)),
);

/** One request per permission that only that permission allows; none of them changes anything. */
const REPRESENTATIVE: Record<
  Permission,
  { method: "GET" | "POST" | "DELETE"; url: string; payload?: object }
> = {
  view: { method: "GET", url: "/monitors" },
  "monitors.manage": { method: "DELETE", url: "/monitors/mon_missing" },
  "alerts.respond": { method: "POST", url: "/alerts/alt_missing/acknowledge" },
  "channels.manage": { method: "DELETE", url: "/channels/ch_missing" },
  "status_pages.manage": { method: "DELETE", url: "/status-pages/sp_missing" },
  "agents.manage": { method: "DELETE", url: "/agents/agt_missing" },
  "secure_variables.manage": { method: "DELETE", url: "/secure-variables/MISSING" },
  "api_keys.manage": { method: "GET", url: "/api-keys" },
  "members.manage": { method: "DELETE", url: "/roles/role_missing" },
  "audit_log.view": { method: "GET", url: "/audit-log" },
  billing: { method: "GET", url: "/billing" },
  "account.own": {
    method: "DELETE",
    url: "/account",
    payload: { confirm_email: "not-the-owner@example.com" },
  },
};

const operations: readonly ApiOperation[] = Object.values(OPERATIONS);
/** Permissions some operation needs: the rows the API can be asked about. */
const DECLARED = new Set(operations.map((operation) => operation.permission));

describe("the roles table in docs/accounts.md", () => {
  it("lists every permission once, in words the app also uses", () => {
    expect(TABLE.map((row) => row.permission)).toEqual([...PERMISSIONS]);
    for (const row of TABLE) {
      expect(row.description).toBe(PERMISSION_DESCRIPTIONS[row.permission as Permission]);
    }
  });

  it("names a permission for every operation that is not public", () => {
    const undeclared = Object.entries(OPERATIONS as Record<string, ApiOperation>)
      .filter(([, operation]) => operation.access !== "public" && !operation.permission)
      .map(([name]) => name);
    expect(undeclared).toEqual([]);
  });
});

describeEachDatabase("the roles table walked against the API", (db) => {
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  const callers = {} as Record<RoleTableColumn, Record<string, string>>;

  beforeAll(async () => {
    app = await buildTestApp(db(), { onRoute: (route) => routes.push(route) });
    const owner = await registerUser(app);
    await setAccountPlan(db(), owner.accountId, "enterprise");
    const makeKey = async (scope: "read" | "full") => {
      const response = await app.inject({
        method: "POST",
        url: "/api/v1/api-keys",
        headers: owner.headers,
        payload: { name: `${scope} key`, scope },
      });
      return { authorization: `Bearer ${response.json().key}` };
    };
    callers.Owner = owner.headers;
    callers.Admin = (await signedInMember(app, db(), owner.accountId, "admin")).headers;
    callers.Member = (await signedInMember(app, db(), owner.accountId, "member")).headers;
    callers.Viewer = (await signedInMember(app, db(), owner.accountId, "viewer")).headers;
    callers["Read-only key"] = await makeKey("read");
    callers["Full-access key"] = await makeKey("full");
  });
  afterAll(() => app.close());

  for (const column of ROLE_TABLE_COLUMNS) {
    it(`lets the ${column} do exactly what the table allows, and refuses the rest with 403`, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const row of TABLE) {
        if (!DECLARED.has(row.permission as Permission)) continue;
        const { method, url, payload } = REPRESENTATIVE[row.permission as Permission];
        const response = await app.inject({
          method,
          url: `/api/v1${url}`,
          headers: callers[column],
          ...(payload ? { payload } : {}),
        });
        const refused = response.statusCode === 403;
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
        if (refused) expect(response.json().detail).toMatch(/^[A-Z].*\.$/);
        outcomes.push(`${row.permission}: ${refused ? "refused" : "allowed"}`);
        expected.push(`${row.permission}: ${row.allowed[column] ? "allowed" : "refused"}`);
      }
      expect(outcomes).toEqual(expected);
    });
  }

  it("registers no route under /api/v1 without a permission, public ones aside", () => {
    const publicRoutes = new Set([
      // The API's own description, read before anyone signs in.
      "GET /api/v1/openapi.json",
      ...operations
        .filter((operation) => operation.access === "public")
        .map((operation) => `${operation.method} /api/v1${operation.url}`),
    ]);
    const missing = routes
      .flatMap((route) =>
        [route.method].flat().map((method) => ({ method, url: route.url, config: route.config })),
      )
      .filter((route) => route.url.startsWith("/api/v1/") && route.method !== "HEAD")
      .filter((route) => !publicRoutes.has(`${route.method} ${route.url}`))
      .filter((route) => !(route.config as { permission?: string } | undefined)?.permission)
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });
});
