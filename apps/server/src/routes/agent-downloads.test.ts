import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";

const PUBLIC_URL = "https://upwatch.example.com";
const NOT_A_PACKAGE =
  "There is no agent package by that name on this server; the list of packages is at GET /api/v1/agents/downloads.";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describeEachDatabase("the agent's packages for download", (db) => {
  let app: FastifyInstance;
  let dir: string;
  let owner: Awaited<ReturnType<typeof createTestAccount>>;
  const packages = {
    "upwatch-agent_2.0.0_all.deb": randomBytes(3000),
    "upwatch-agent-2.0.0-1.noarch.rpm": randomBytes(5000),
    "upwatch-agent-2.0.0.tgz": randomBytes(2000),
    "upwatch-agent-1.9.3.tgz": randomBytes(1000),
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "upwatch-agent-packages-"));
    for (const [name, bytes] of Object.entries(packages)) writeFileSync(join(dir, name), bytes);
    writeFileSync(join(dir, "notes.txt"), "not a package");
    writeFileSync(join(dir, "upwatch-agent-2.0.0.tgz.sha256"), "not a package either");
    mkdirSync(join(dir, "upwatch-agent-3.0.0.tgz"));
    app = await buildTestApp(db(), { env: { AGENT_PACKAGES_DIR: dir, PUBLIC_URL } });
    owner = await createTestAccount(db(), "business");
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const download = (name: string) => app.inject({ method: "GET", url: `/downloads/agent/${name}` });
  const list = (headers: Record<string, string> = owner.headers) =>
    app.inject({ method: "GET", url: "/api/v1/agents/downloads", headers });

  it("sends each package to anyone, as an attachment of its own type that never changes", async () => {
    const types = {
      "upwatch-agent_2.0.0_all.deb": "application/vnd.debian.binary-package",
      "upwatch-agent-2.0.0-1.noarch.rpm": "application/x-rpm",
      "upwatch-agent-2.0.0.tgz": "application/gzip",
    };
    for (const [name, type] of Object.entries(types)) {
      const response = await download(name);
      expect(response.statusCode, name).toBe(200);
      expect(response.rawPayload.equals(packages[name as keyof typeof packages]), name).toBe(true);
      expect(response.headers["content-type"]).toBe(type);
      expect(response.headers["content-length"]).toBe(String(response.rawPayload.length));
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="${name}"`);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  it("answers 404 with a sentence for other files, folders, absent versions and paths out of the folder", async () => {
    for (const name of [
      "notes.txt",
      "upwatch-agent-2.0.0.tgz.sha256",
      "upwatch-agent-3.0.0.tgz",
      "upwatch-agent_9.9.9_all.deb",
      "..%2F..%2F..%2Fpackage.json",
      "%2E%2E%2Fupwatch-agent-2.0.0.tgz",
      "upwatch-agent-2.0.0.tgz%00.txt",
    ]) {
      const response = await download(name);
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toEqual({ detail: NOT_A_PACKAGE });
    }
  });

  it("lists the packages newest version first, with address, size and SHA-256", async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const entry = (name: keyof typeof packages, kind: string) => ({
      name,
      kind,
      url: `${PUBLIC_URL}/downloads/agent/${name}`,
      bytes: packages[name].length,
      sha256: sha256(packages[name]),
    });
    expect(response.json()).toEqual({
      version: "2.0.0",
      files: [
        entry("upwatch-agent_2.0.0_all.deb", "deb"),
        entry("upwatch-agent-2.0.0-1.noarch.rpm", "rpm"),
        entry("upwatch-agent-2.0.0.tgz", "npm"),
        entry("upwatch-agent-1.9.3.tgz", "npm"),
      ],
    });
  });

  it("gives a package's new SHA-256 once the file is replaced", async () => {
    const name = "upwatch-agent-1.9.3.tgz";
    await list();
    const replaced = randomBytes(1000);
    writeFileSync(join(dir, name), replaced);
    utimesSync(join(dir, name), new Date(), new Date(Date.now() + 5_000));
    const files: { name: string; sha256: string }[] = (await list()).json().files;
    expect(files.find((file) => file.name === name)?.sha256).toBe(sha256(replaced));
  });

  it("lists only for an API key or a signed-in session", async () => {
    const response = await list({});
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toMatch(/API key/);
  });
});

describeEachDatabase("a server without agent packages", (db) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const missing = join(tmpdir(), `upwatch-no-agent-packages-${randomBytes(6).toString("hex")}`);
    app = await buildTestApp(db(), { env: { AGENT_PACKAGES_DIR: missing } });
  });
  afterAll(() => app.close());

  it("lists no packages and no version, and answers downloads with 404", async () => {
    const { headers } = await createTestAccount(db(), "business");
    const response = await app.inject({ method: "GET", url: "/api/v1/agents/downloads", headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: null, files: [] });
    const file = await app.inject({
      method: "GET",
      url: "/downloads/agent/upwatch-agent-2.0.0.tgz",
    });
    expect(file.statusCode).toBe(404);
  });
});
