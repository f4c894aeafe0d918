import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

const PUBLIC_URL = "https://status.example.com";
const SUPPORT_EMAIL = "care@status.example.com";

const PAGES = [
  { path: "/", title: "Uptime, API and server monitoring | Upwatch", canonical: `${PUBLIC_URL}/` },
  { path: "/contact", title: "Contact us | Upwatch", canonical: `${PUBLIC_URL}/contact` },
  { path: "/privacy", title: "Privacy Policy | Upwatch", canonical: `${PUBLIC_URL}/privacy` },
  { path: "/terms", title: "Terms of Service | Upwatch", canonical: `${PUBLIC_URL}/terms` },
  {
    path: "/account-deletion",
    title: "Account Deletion | Upwatch",
    canonical: `${PUBLIC_URL}/account-deletion`,
  },
];

function metaContent(html: string, attribute: "name" | "property", key: string) {
  const match = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

describe("every public page", () => {
  let product: RunningProduct;
  let browser: Browser;
  beforeAll(async () => {
    [product, browser] = await Promise.all([
      startProduct({ PUBLIC_URL, SUPPORT_EMAIL }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it("is served as prerendered HTML with its title, description, keywords, social tags and canonical link", async () => {
    for (const { path, title, canonical } of PAGES) {
      const response = await fetch(`${product.url}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(metaContent(html, "name", "description")?.length, path).toBeGreaterThan(50);
      expect(metaContent(html, "name", "keywords"), path).toMatch(/\w+, \w+/);
      expect(metaContent(html, "property", "og:title"), path).toBe(title);
      expect(metaContent(html, "property", "og:url"), path).toBe(canonical);
      expect(metaContent(html, "property", "og:description"), path).toBeTruthy();
      expect(metaContent(html, "property", "og:image"), path).toBe(`${PUBLIC_URL}/og-image.png`);
      expect(metaContent(html, "property", "og:image:alt"), path).toBeTruthy();
      expect(metaContent(html, "name", "twitter:card"), path).toBe("summary_large_image");
      expect(metaContent(html, "name", "twitter:image"), path).toBe(`${PUBLIC_URL}/og-image.png`);
      expect(metaContent(html, "name", "twitter:title"), path).toBe(title);
      expect(html, path).toContain(`<link rel="canonical" href="${canonical}"/>`);
      expect(html, path).toMatch(/<h1[^>]*>[^<]+/);
    }
  });

  it("serves the link-preview image as a 1200 by 630 PNG", async () => {
    const response = await fetch(`${product.url}/og-image.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it("loads and hydrates without a console error, in a phone-sized and a desktop window", async () => {
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      const page = await browser.newPage({ viewport });
      const errors = collectPageErrors(page);
      for (const { path } of PAGES) {
        await page.goto(`${product.url}${path}`, { waitUntil: "networkidle" });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${path} is wider than a ${viewport.width} px window`).toBeLessThanOrEqual(
          0,
        );
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it("updates the title and canonical link on client-side navigation", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${product.url}/terms`);
    await page.locator(".site-footer").getByRole("link", { name: "Privacy" }).click();
    await page.waitForFunction(() => document.title === "Privacy Policy | Upwatch");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      `${PUBLIC_URL}/privacy`,
    );
    await page.close();
  });

  it("dates the Privacy Policy and Terms December 31, 2024, under New Zealand law, naming the support address", async () => {
    const page = await browser.newPage();
    for (const path of ["/privacy", "/terms"]) {
      await page.goto(`${product.url}${path}`);
      const text = await page.locator("main").textContent();
      expect(text, path).toContain("Last updated December 31, 2024");
      expect(text, path).toContain("New Zealand");
      expect(text, path).toContain(SUPPORT_EMAIL);
    }
    await page.close();
  });

  it("explains self-service account deletion, the support route and the 48 hours", async () => {
    const page = await browser.newPage();
    await page.goto(`${product.url}/account-deletion`);
    const steps = await page.locator("ol.steps li").allTextContents();
    expect(steps.join(" ")).toMatch(
      /Account Settings.*Danger Zone.*Delete Account.*email address of your account.*'Delete My Account Permanently'/s,
    );
    const text = await page.locator("main").textContent();
    expect(text).toContain("within 48 hours");
    expect(await page.getByRole("link", { name: SUPPORT_EMAIL }).first().getAttribute("href")).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    await page.close();
  });
});
