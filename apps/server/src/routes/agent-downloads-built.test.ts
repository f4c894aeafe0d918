import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type PackagingMachine,
  packagingMachine,
  ROOT,
  requireTool,
} from "../../../../scripts/agent-packages/packaging-test-machine.ts";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { parseAgentPackageName } from "../services/agent-downloads/index.ts";

const PUBLIC_URL = "https://upwatch.example.com";

let machine: PackagingMachine;
let dir: string;

// The folder as `npm start` leaves it on this machine (without rpmbuild here, so the offer
// differs from the full set of three): the server must offer exactly what is in it.
beforeAll(() => {
  requireTool("dpkg-deb", "`sudo apt-get install dpkg`");
  machine = packagingMachine({ without: ["rpmbuild"] });
  dir = join(machine.out, "agent-packages");
  const ran = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      [
        'import { ensureAgentPackages } from "./scripts/agent-packages/ensure-agent-packages.mjs";',
        "await ensureAgentPackages({ dir: process.argv[1], bundle: process.argv[2] });",
      ].join("\n"),
      dir,
      machine.bundle,
    ],
    { cwd: ROOT, encoding: "utf8", env: { ...process.env, PATH: machine.path } },
  );
  if (ran.status !== 0) throw new Error(`Building the packages failed:\n${ran.stderr}`);
}, 60_000);
afterAll(() => machine.remove());

describeEachDatabase("the agent packages a started server offers", (db) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { AGENT_PACKAGES_DIR: dir, PUBLIC_URL } });
  });
  afterAll(() => app.close());

  it("lists exactly the package files in its folder, and each listed address downloads that file", async () => {
    const { headers } = await createTestAccount(db(), "business");
    const response = await app.inject({ method: "GET", url: "/api/v1/agents/downloads", headers });
    expect(response.statusCode).toBe(200);
    const offered: { name: string; kind: string; url: string; sha256: string }[] =
      response.json().files;

    const present = readdirSync(dir).filter((name) => parseAgentPackageName(name));
    expect(offered.map((file) => file.name).sort()).toEqual(present.sort());
    expect(offered.map((file) => file.kind).sort()).toEqual(["deb", "npm"]);

    for (const file of offered) {
      expect(file.url.startsWith(`${PUBLIC_URL}/downloads/agent/`), file.url).toBe(true);
      const download = await app.inject({ method: "GET", url: file.url.slice(PUBLIC_URL.length) });
      expect(download.statusCode, file.name).toBe(200);
      const bytes = readFileSync(join(dir, file.name));
      expect(download.rawPayload.equals(bytes), file.name).toBe(true);
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(file.sha256);
    }
  });
});
