import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";

const clientDir = mkdtempSync(join(tmpdir(), "upwatch-headers-"));

function writeBuild() {
  for (const dir of ["404", "assets", "knowledge-base/linux-agent"]) {
    mkdirSync(join(clientDir, dir), { recursive: true });
  }
  const page = (body: string) =>
    `<html><head><script>document.documentElement.dataset.theme="dark"</script></head><body>${body}</body></html>`;
  writeFileSync(join(clientDir, "index.html"), page("<h1>Home</h1>"));
  writeFileSync(join(clientDir, "404/index.html"), page("<h1>Page not found</h1>"));
  writeFileSync(join(clientDir, "knowledge-base/linux-agent/index.html"), page("<h1>Linux</h1>"));
  writeFileSync(join(clientDir, "knowledge-base/linux-agent.data"), '[{"_1":2},"routes"]');
  writeFileSync(join(clientDir, "assets/entry-abc123.js"), "console.log(1);");
  writeFileSync(join(clientDir, "robots.txt"), "User-agent: *\n");
  writeFileSync(join(clientDir, "favicon.svg"), "<svg></svg>");
}

/** One request of every kind the server answers. */
const REQUESTS: Record<string, InjectOptions> = {
  "a page": { method: "GET", url: "/" },
  "a page revalidated": { method: "GET", url: "/", headers: { "if-none-match": "*" } },
  "the not-found page": { method: "GET", url: "/no/such/page" },
  "a help-centre redirect": { method: "GET", url: "/knowledge-base/nope" },
  "page data": { method: "GET", url: "/knowledge-base/linux-agent.data" },
  "a hashed asset": { method: "GET", url: "/assets/entry-abc123.js" },
  "another file": { method: "GET", url: "/favicon.svg" },
  "robots.txt": { method: "GET", url: "/robots.txt" },
  "the health check": { method: "GET", url: "/healthz" },
  "an API error": {
    method: "POST",
    url: "/public/contact",
    payload: "{",
    headers: { "content-type": "application/json" },
  },
  "an unknown API path": { method: "GET", url: "/api/v1/nothing" },
  "a server-made page": { method: "GET", url: "/email-subscriptions/confirm?token=x" },
};

describeEachDatabase("security headers", (db) => {
  let app: FastifyInstance;
  let https: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    writeBuild();
    [app, https, proxied] = await Promise.all([
      buildTestApp(db(), { webClientDir: clientDir }),
      buildTestApp(db(), {
        webClientDir: clientDir,
        env: { PUBLIC_URL: "https://status.example.com" },
      }),
      buildTestApp(db(), { webClientDir: clientDir, env: { TRUST_PROXY: "true" } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), https?.close(), proxied?.close()]);
    rmSync(clientDir, { recursive: true, force: true });
  });

  for (const [kind, request] of Object.entries(REQUESTS)) {
    it(`hardens ${kind} with nosniff, a referrer policy, a permissions policy, frame protection and a content policy`, async () => {
      const response = await app.inject(request);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["permissions-policy"]).toContain("camera=()");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      const policy = String(response.headers["content-security-policy"]);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain("unsafe-inline");
      expect(policy).not.toContain("unsafe-eval");
      expect(response.headers["x-powered-by"]).toBeUndefined();
      expect(response.headers.server).toBeUndefined();
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    });
  }

  it("lets a page run only its own inline scripts, by hash, and load nothing from elsewhere", async () => {
    const policy = String(
      (await app.inject(REQUESTS["a page"] ?? {})).headers["content-security-policy"],
    );
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'; /);
    expect(policy).toContain("style-src 'self';");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).not.toContain("https:");
  });

  it("asks browsers to keep to HTTPS when the site's address is HTTPS", async () => {
    for (const request of Object.values(REQUESTS)) {
      const response = await https.inject(request);
      expect(response.headers["strict-transport-security"]).toBe(
        "max-age=31536000; includeSubDomains",
      );
    }
  });

  it("asks browsers to keep to HTTPS when a trusted proxy says the request came over HTTPS", async () => {
    const overHttps = await proxied.inject({
      method: "GET",
      url: "/",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(overHttps.headers["strict-transport-security"]).toContain("max-age=31536000");
    const overHttp = await proxied.inject({ method: "GET", url: "/" });
    expect(overHttp.headers["strict-transport-security"]).toBeUndefined();
  });

  it("allows the configured analytics and nothing more in the page policy", async () => {
    const withAnalytics = await buildTestApp(db(), {
      webClientDir: clientDir,
      env: { ANALYTICS_ID: "G-TEST123", AD_PIXEL_ID: "123456" },
    });
    try {
      const policy = String(
        (await withAnalytics.inject({ method: "GET", url: "/" })).headers[
          "content-security-policy"
        ],
      );
      expect(policy).toContain("https://www.googletagmanager.com");
      expect(policy).toContain("https://connect.facebook.net");
      expect(policy).not.toContain("unsafe-inline");
    } finally {
      await withAnalytics.close();
    }
  });
});
