import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { SITE_CONFIG_JSON_TOKEN, siteConfigToken } from "@upwatch/core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";

const clientDir = mkdtempSync(join(tmpdir(), "upwatch-web-"));
const longText = "Upwatch watches your sites. ".repeat(100);
const APP_INLINE_SCRIPT = "window.__reactRouterContext = {};";

function writeBuild() {
  mkdirSync(join(clientDir, "contact"), { recursive: true });
  mkdirSync(join(clientDir, "404"), { recursive: true });
  mkdirSync(join(clientDir, "assets"), { recursive: true });
  writeFileSync(
    join(clientDir, "index.html"),
    `<html><head><title>Home | Upwatch</title><link rel="canonical" href="${siteConfigToken("publicUrl")}/"></head><body><h1>Home</h1>${longText}</body></html>`,
  );
  writeFileSync(
    join(clientDir, "contact/index.html"),
    "<html><body><h1>Contact</h1></body></html>",
  );
  writeFileSync(
    join(clientDir, "404/index.html"),
    "<html><body><h1>Page not found</h1></body></html>",
  );
  writeFileSync(
    join(clientDir, "assets/entry-abc123.js"),
    `console.log(${JSON.stringify(longText)});`,
  );
  writeFileSync(
    join(clientDir, "__spa-fallback.html"),
    `<!DOCTYPE html><html><head><meta charset="utf-8"/><script>${APP_INLINE_SCRIPT}</script><script type="application/json">${SITE_CONFIG_JSON_TOKEN}</script></head><body></body></html>`,
  );
  writeFileSync(join(clientDir, "favicon.svg"), "<svg></svg>");
  writeFileSync(join(clientDir, "assets/app-def456.js"), "console.log('precompressed');");
  writeFileSync(
    join(clientDir, "assets/app-def456.js.br"),
    brotliCompressSync("console.log('precompressed');"),
  );
  const base = siteConfigToken("publicUrl");
  writeFileSync(
    join(clientDir, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?><urlset><url><loc>${base}/</loc></url><url><loc>${base}/contact</loc><lastmod>2024-12-18</lastmod></url>${"<!-- padding -->".repeat(100)}</urlset>`,
  );
  writeFileSync(join(clientDir, "robots.txt"), `User-agent: *\nSitemap: ${base}/sitemap.xml\n`);
  mkdirSync(join(clientDir, "knowledge-base/linux-agent"), { recursive: true });
  writeFileSync(join(clientDir, "knowledge-base/linux-agent/index.html"), "<h1>Linux</h1>");
  writeFileSync(join(clientDir, "knowledge-base/linux-agent.data"), '[{"_1":2},"routes"]');
}

describeEachDatabase("serving the web app", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    writeBuild();
    app = await buildTestApp(db(), {
      webClientDir: clientDir,
      env: { PUBLIC_URL: "https://status.example.com" },
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("serves each prerendered page as HTML with this server's address filled in", async () => {
    const response = await app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain('<link rel="canonical" href="https://status.example.com/">');
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("sends each page with a policy that allows only its own inline scripts", async () => {
    const response = await app.inject({ method: "GET", url: "/" });
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    const api = await app.inject({ method: "GET", url: "/healthz" });
    expect(api.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it("serves a page with or without a trailing slash and ignores the query", async () => {
    for (const url of ["/contact", "/contact/", "/contact?ref=mail"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("<h1>Contact</h1>");
    }
  });

  it("revalidates pages with an ETag so an unchanged page costs a 304", async () => {
    const first = await app.inject({ method: "GET", url: "/contact" });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await app.inject({
      method: "GET",
      url: "/contact",
      headers: { "if-none-match": etag },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
  });

  it("answers an unknown page with the not-found page and status 404", async () => {
    const response = await app.inject({ method: "GET", url: "/no/such/page" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("Page not found");
    expect(response.headers["content-type"]).toContain("text/html");
  });

  it("sends a request for a help-centre page that does not exist to the help centre", async () => {
    for (const url of ["/knowledge-base/no-such-article", "/knowledge-base/category/nope"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/knowledge-base");
    }
  });

  it("does not serve the not-found page itself as a normal page", async () => {
    const response = await app.inject({ method: "GET", url: "/404" });
    expect(response.statusCode).toBe(404);
  });

  it("caches hashed assets for a year as immutable and other files for an hour", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/entry-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await app.inject({ method: "GET", url: "/favicon.svg" });
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("compresses text with brotli or gzip as the browser accepts", async () => {
    const br = await app.inject({
      method: "GET",
      url: "/",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    const gzip = await app.inject({
      method: "GET",
      url: "/assets/entry-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
  });

  it("never serves raw HTML files by their file name", async () => {
    const response = await app.inject({ method: "GET", url: "/contact/index.html" });
    expect(response.statusCode).toBe(404);
  });

  it("serves the sitemap and robots.txt with this server's address filled in", async () => {
    const sitemap = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(sitemap.body).toContain("<loc>https://status.example.com/contact</loc>");
    expect(sitemap.body).toContain("<lastmod>2024-12-18</lastmod>");
    expect(sitemap.body).not.toContain("%%");
    const robots = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(robots.body).toContain("Sitemap: https://status.example.com/sitemap.xml");
  });

  it("revalidates the sitemap with an ETag and compresses it", async () => {
    const first = await app.inject({
      method: "GET",
      url: "/sitemap.xml",
      headers: { "accept-encoding": "gzip" },
    });
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers["content-encoding"]).toBe("gzip");
    const again = await app.inject({
      method: "GET",
      url: "/sitemap.xml",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("serves a help-centre page's data for in-app navigation, revalidated like the page", async () => {
    const data = await app.inject({ method: "GET", url: "/knowledge-base/linux-agent.data" });
    expect(data.statusCode).toBe(200);
    expect(data.headers["content-type"]).toBe("text/x-script; charset=utf-8");
    expect(data.headers["cache-control"]).toBe("no-cache");
    expect(data.headers.etag).toBeTruthy();
  });

  it("answers data for a help-centre page that was never built with 404, not a redirect", async () => {
    const data = await app.inject({ method: "GET", url: "/knowledge-base/nope.data" });
    expect(data.statusCode).toBe(404);
  });

  it("sends the build's precompressed copy of a file to a browser that accepts it", async () => {
    const br = await app.inject({
      method: "GET",
      url: "/assets/app-def456.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe("console.log('precompressed');");
    const plain = await app.inject({ method: "GET", url: "/assets/app-def456.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log('precompressed');");
    expect(plain.headers.vary).toContain("accept-encoding");
    const direct = await app.inject({ method: "GET", url: "/assets/app-def456.js.br" });
    expect(direct.statusCode).toBe(404);
  });

  it("serves the app's page at every app address, never indexed and revalidated each time", async () => {
    for (const url of ["/app", "/app/", "/app/login", "/app/monitors/42/edit?tab=alerts"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers["x-robots-tag"]).toBe("noindex");
      expect(response.body).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("fills this server's config into the app's page and allows exactly its inline script", async () => {
    const response = await app.inject({ method: "GET", url: "/app/settings" });
    expect(response.body).not.toContain(SITE_CONFIG_JSON_TOKEN);
    expect(response.body).toContain('"publicUrl":"https://status.example.com"');
    const hash = createHash("sha256").update(APP_INLINE_SCRIPT).digest("base64");
    expect(String(response.headers["content-security-policy"])).toContain(`'sha256-${hash}'`);
    const again = await app.inject({
      method: "GET",
      url: "/app/settings",
      headers: { "if-none-match": String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("does not treat addresses that merely start with app as the app", async () => {
    const response = await app.inject({ method: "GET", url: "/application" });
    expect(response.statusCode).toBe(404);
    const file = await app.inject({ method: "GET", url: "/__spa-fallback.html" });
    expect(file.statusCode).toBe(404);
  });

  it("keeps app pages out of the sitemap", async () => {
    const sitemap = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.body).not.toContain("/app");
  });
});
