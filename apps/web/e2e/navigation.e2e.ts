import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectPageErrors } from "./support/page-errors.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

const APP_URL = "https://app.upwatch.example";

describe("the header, footer and navigation", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running), { APP_URL });

  async function desktopPage(path = "/") {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${product.url}${path}`);
    return page;
  }

  it("links Features, Pricing, Support and Contact, and Login and Get Started to the app", async () => {
    const page = await desktopPage();
    const header = page.locator(".site-header");
    const href = (name: string) =>
      header.getByRole("link", { name, exact: true }).getAttribute("href");
    expect(await href("Features")).toBe("/#features");
    expect(await href("Pricing")).toBe("/#pricing");
    expect(await href("Support")).toBe("/knowledge-base");
    expect(await href("Contact")).toBe("/contact");
    expect(await href("Login")).toBe(`${APP_URL}/login`);
    expect(await href("Get Started")).toBe(`${APP_URL}/register`);
    expect(await header.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
    await page.close();
  });

  it("scrolls to a section when a header anchor is followed from another page", async () => {
    const page = await desktopPage("/contact");
    await page.locator(".site-header").getByRole("link", { name: "Features" }).click();
    await page.waitForURL(`${product.url}/#features`);
    await page.waitForFunction(() => {
      const top = document.getElementById("features")?.getBoundingClientRect().top ?? 999;
      return window.scrollY > 0 && Math.abs(top) < 120;
    });
    await page.close();
  });

  it("shows Privacy, Terms, Account Deletion and this year's copyright in the footer", async () => {
    const page = await desktopPage();
    const footer = page.locator(".site-footer");
    for (const [name, href] of [
      ["Privacy", "/privacy"],
      ["Terms", "/terms"],
      ["Account Deletion", "/account-deletion"],
    ]) {
      expect(await footer.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
    }
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Upwatch`);
    await page.close();
  });

  it("shows the visitor's year after hydration when it differs from the build's, without a mismatch", async () => {
    const served = await (await fetch(`${product.url}/`)).text();
    const buildYear = /copyright-year">(\d{4})</.exec(served)?.[1];
    expect(buildYear).toMatch(/^\d{4}$/);
    const later = Number(buildYear) + 3;
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.clock.install({ time: new Date(`${later}-06-15T12:00:00Z`) });
    await page.goto(product.url);
    await page.waitForFunction(
      (year) => document.querySelector(".copyright-year")?.textContent === String(year),
      later,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it("scrolls to the top on every route change", async () => {
    const page = await desktopPage();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.locator(".site-footer").getByRole("link", { name: "Terms" }).click();
    await page.waitForURL(`${product.url}/terms`);
    await page.getByRole("heading", { name: "Terms of Service" }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator(".site-footer").getByRole("link", { name: "Account Deletion" }).click();
    await page.waitForURL(`${product.url}/account-deletion`);
    await page.waitForFunction(() => window.scrollY === 0);
    await page.close();
  });

  it("moves /slack-integration on to the help-centre article, replacing the history entry", async () => {
    const page = await desktopPage();
    await page.goto(`${product.url}/slack-integration`);
    await page.waitForURL(`${product.url}/knowledge-base/slack-integration`);
    await page.goBack();
    await page.waitForURL(`${product.url}/`);
    await page.close();
  });

  it("shows a real not-found page with status 404 and a way back", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${product.url}/pricing-plans-2019`);
    expect(response?.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Page not found");
    expect(await page.title()).toBe("Page not found | Upwatch");
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await page.waitForURL(`${product.url}/`);
    await page.close();
  });

  it("shows the router's error screen when a page fails to render, in the visitor's theme", async () => {
    const page = await desktopPage("/privacy");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    const contactModule = await page.evaluate(
      () =>
        (
          window as unknown as {
            __reactRouterManifest: { routes: Record<string, { module: string }> };
          }
        ).__reactRouterManifest.routes["routes/contact"]?.module,
    );
    expect(contactModule).toBeTruthy();
    await page.route(`${product.url}${contactModule}`, (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: "export default function Broken() { throw new Error('A page that breaks'); }",
      }),
    );
    await page.locator(".site-header").getByRole("link", { name: "Contact" }).click();
    await page.getByRole("heading", { name: "Unexpected Application Error!" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    expect(await page.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe(
      "/",
    );
    await page.close();
  });
});

describe("the menu on a phone-sized screen", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  async function phonePage() {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(product.url);
    await page.waitForFunction(() => document.documentElement.classList.contains("js"));
    return page;
  }

  it("hides the links behind a menu button that opens and closes the menu", async () => {
    const page = await phonePage();
    const button = page.getByRole("button", { name: "Open menu" });
    const contact = page.locator(".site-header").getByRole("link", { name: "Contact" });
    expect(await contact.isVisible()).toBe(false);
    await button.click();
    const close = page.getByRole("button", { name: "Close menu" });
    expect(await close.getAttribute("aria-expanded")).toBe("true");
    expect(await contact.isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Get Started", exact: true }).isVisible()).toBe(
      true,
    );
    await close.click();
    expect(
      await page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded"),
    ).toBe("false");
    expect(await contact.isVisible()).toBe(false);
    await page.close();
  });

  it("closes the menu when a link in it is followed", async () => {
    const page = await phonePage();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator(".site-header").getByRole("link", { name: "Contact" }).click();
    await page.waitForURL(`${product.url}/contact`);
    expect(
      await page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded"),
    ).toBe("false");
    expect(await page.locator("#site-menu").isVisible()).toBe(false);
    await page.close();
  });

  it("closes the menu when an anchor in it is followed on the same page", async () => {
    const page = await phonePage();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator(".site-header").getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL(`${product.url}/#pricing`);
    const button = page.getByRole("button", { name: "Open menu" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator("#site-menu").isVisible()).toBe(false);
    await page.close();
  });

  it("closes the menu on a press outside it, on the home page and on the others", async () => {
    for (const path of ["/", "/contact"]) {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await page.goto(`${product.url}${path}`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("button", { name: "Close menu" }).waitFor();
      const menu = await page.locator("#site-menu").boundingBox();
      await page.mouse.click(20, (menu?.y ?? 0) + (menu?.height ?? 0) + 40);
      await page.getByRole("button", { name: "Open menu" }).waitFor();
      expect(await page.locator("#site-menu").isVisible(), path).toBe(false);
      await page.close();
    }
  });

  it("closes the menu with Escape and gives the focus back to its button", async () => {
    const page = await phonePage();
    await page.getByRole("button", { name: "Open menu" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Close menu" }).waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    const button = page.getByRole("button", { name: "Open menu" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.close();
  });

  it("keeps every link reachable without JavaScript", async () => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(product.url);
    expect(
      await page.locator(".site-header").getByRole("link", { name: "Contact" }).isVisible(),
    ).toBe(true);
    expect(await page.locator(".menu-button").isVisible()).toBe(false);
    await context.close();
  });
});
