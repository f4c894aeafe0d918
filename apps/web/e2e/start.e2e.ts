import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createScratchDatabase } from "./support/scratch-database.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

describe("npm start on embedded SQLite", () => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(async () => {
    await product.stop();
  });

  it("serves the home page as real HTML with a title and a heading", async () => {
    const response = await fetch(`${product.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>[^<]+ \| Upwatch<\/title>/);
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  });

  it("reports the database healthy", async () => {
    const response = await fetch(`${product.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers an unknown page with the not-found page and 404", async () => {
    const response = await fetch(`${product.url}/this/page/does-not-exist`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found");
  });

  it("exits cleanly on SIGTERM", async () => {
    const code = await product.stop("SIGTERM");
    expect(code, product.output()).toBe(0);
  });
});

describe("npm start on PostgreSQL", () => {
  const postgresUrl = inject("postgresUrl");
  if (!postgresUrl) return;

  it("serves the same product and reports PostgreSQL healthy", async () => {
    const database = await createScratchDatabase(postgresUrl);
    const product = await startProduct({ DATABASE_URL: database.url });
    try {
      const health = await fetch(`${product.url}/healthz`);
      expect(await health.json()).toEqual({ status: "ok", database: "ok" });
      const home = await fetch(`${product.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    } finally {
      // The product's own log says why, should it not stop cleanly.
      expect(await product.stop(), product.output()).toBe(0);
      await database.drop();
    }
  });
});

describe("a bad configuration", () => {
  it("stops the start with one line naming the variable", () => {
    const result = spawnSync(process.execPath, ["scripts/start.mjs"], {
      cwd: ROOT,
      env: { ...process.env, PORT: "not-a-port" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n").at(-1)).toBe(
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "not-a-port").',
    );
  });
});
