import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SERVER = "apps/server/src";

/** One server file per import the rules judge: where it stands and what it imports. */
const PROBES: Record<string, string> = {
  "live/inner-alerting.ts": "../alerting/apply-checks.ts",
  "live/alerting-door.ts": "../alerting/index.ts",
  "live/inner-alerting.test.ts": "../alerting/apply-checks.ts",
  "alerting/own-file.ts": "./apply-checks.ts",
  "http/wiring.ts": "../wiring/app.ts",
  "metrics/wiring.ts": "../wiring/app.ts",
  "main.ts": "./wiring/app.ts",
  "admin/wiring.ts": "../wiring/secrets.ts",
  "wiring/inner-alerting.ts": "../alerting/apply-checks.ts",
  "services/probe/routes.ts": "../../routes/api/monitors.ts",
  "services/probe/http.ts": "../../http/problem.ts",
  "services/probe/fastify.ts": "fastify",
  "services/probe/wiring.ts": "../../wiring/app.ts",
  "services/probe/mail.ts": "../../mail/outbox.ts",
  "routes/http.ts": "../http/problem.ts",
};

/** The app's files that import by hand what screens must take through the typed call. */
const WEB_PROBES: Record<string, string> = {
  "apps/web/app/signed-in/monitors/probe-screen.tsx": "../api-client.ts",
  "apps/web/app/signed-in/api-call.ts": "./api-client.ts",
};

let folder = "";
let refused = new Set<string>();

/** The probes Biome refuses under the repository's biome.json, by path under the server. */
function lintProbes(): Set<string> {
  folder = mkdtempSync(join(tmpdir(), "import-rules-"));
  copyFileSync(join(ROOT, "biome.json"), join(folder, "biome.json"));
  for (const [file, specifier] of Object.entries(PROBES)) {
    const path = join(folder, SERVER, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `import { probe } from "${specifier}";\n\nexport const used = probe;\n`);
  }
  for (const [file, specifier] of Object.entries(WEB_PROBES)) {
    const path = join(folder, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      `import { apiRequest } from "${specifier}";\n\nexport const used = apiRequest;\n`,
    );
  }
  const run = spawnSync(
    join(ROOT, "node_modules/.bin/biome"),
    ["lint", "--vcs-enabled=false", "--reporter=json", "--max-diagnostics=none", "."],
    { cwd: folder, encoding: "utf8" },
  );
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category?: string; location?: { path?: string } }[];
  };
  return new Set(
    report.diagnostics
      .filter((diagnostic) => diagnostic.category === "lint/style/noRestrictedImports")
      .map((diagnostic) => (diagnostic.location?.path ?? "").replace(`${SERVER}/`, "")),
  );
}

beforeAll(() => {
  refused = lintProbes();
});

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe("the linter's import rules for the server", () => {
  it("refuses a file inside alerting imported from outside it, and lets its door through", () => {
    expect(refused).toContain("live/inner-alerting.ts");
    expect(refused).toContain("wiring/inner-alerting.ts");
    expect(refused).not.toContain("live/alerting-door.ts");
    expect(refused).not.toContain("alerting/own-file.ts");
  });

  it("lets only the entry points import the wiring", () => {
    expect(refused).toContain("http/wiring.ts");
    expect(refused).toContain("metrics/wiring.ts");
    expect(refused).toContain("services/probe/wiring.ts");
    expect(refused).not.toContain("main.ts");
    expect(refused).not.toContain("admin/wiring.ts");
  });

  it("keeps services apart from routes, HTTP and Fastify, and lets them queue mail", () => {
    expect(refused).toContain("services/probe/routes.ts");
    expect(refused).toContain("services/probe/http.ts");
    expect(refused).toContain("services/probe/fastify.ts");
    expect(refused).not.toContain("services/probe/mail.ts");
    expect(refused).not.toContain("routes/http.ts");
  });

  it("leaves tests free to reach inside the parts they test", () => {
    expect(refused).not.toContain("live/inner-alerting.test.ts");
  });
});

describe("the linter's import rules for the app", () => {
  it("refuses a screen that calls apiRequest by hand, and lets the typed call use it", () => {
    expect(refused).toContain("apps/web/app/signed-in/monitors/probe-screen.tsx");
    expect(refused).not.toContain("apps/web/app/signed-in/api-call.ts");
  });
});
