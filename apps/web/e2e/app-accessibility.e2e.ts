import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerInContext } from "./support/app-accounts.ts";
import { axeViolations } from "./support/axe.ts";
import { withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

const SIGNED_OUT = [
  "/app/login",
  "/app/register",
  "/app/forgot-password",
  "/app/reset-password?token=x",
];
const SIGNED_IN = [
  "/app/settings",
  "/app/settings/members",
  "/app/settings/security",
  "/app/api-keys",
  "/app/channels",
  "/app/channels/new",
  "/app/regions",
  "/app/agents",
  "/app/agents/new",
  "/app/alerts/maintenance",
];
const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

/** Waits until the screen has loaded what it shows (no skeleton left). */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.locator(".app-skeleton").first().waitFor({ state: "detached" });
}

describe("accessibility of the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  withProductAndBrowser((running) => ({ product, browser } = running));

  for (const theme of ["dark", "light"]) {
    for (const size of SIZES) {
      it(`passes the WCAG 2.1 AA and best-practice checks and never scrolls sideways on the sign-in pages and account screens, ${theme} theme, ${size.name} size`, async () => {
        const context = await browser.newContext({ viewport: size.viewport, bypassCSP: true });
        context.setDefaultTimeout(10_000);
        await context.addInitScript((value) => localStorage.setItem("upwatch-theme", value), theme);
        const page = await context.newPage();
        const found: string[] = [];
        const check = async (label: string) => {
          found.push(...(await axeViolations(page)).map((line) => `${label} ${line}`));
          const wide = await page.evaluate(
            () => document.documentElement.scrollWidth > window.innerWidth,
          );
          if (wide) found.push(`${label}: the page scrolls sideways`);
        };
        for (const path of SIGNED_OUT) {
          await page.goto(`${product.url}${path}`);
          await settled(page);
          await check(path);
        }
        // With the errors showing.
        await page.goto(`${product.url}/app/login`);
        await page.getByRole("button", { name: "Log in" }).click();
        await page.getByText("Enter your e-mail address.").waitFor();
        await check("/app/login with errors");

        await registerInContext(context, product, `axe-${theme}-${size.name}`);
        for (const path of SIGNED_IN) {
          await page.goto(`${product.url}${path}`);
          await settled(page);
          await check(path);
        }
        await page.goto(`${product.url}/app/api-keys`);
        await settled(page);
        await page.getByLabel("Key name").fill("Grafana");
        await page.getByRole("button", { name: "Create key" }).click();
        await page.getByRole("row", { name: /Grafana/ }).waitFor();
        await check("/app/api-keys with a new key and the list");

        await page.goto(`${product.url}/app/channels/new`);
        await settled(page);
        await page.getByRole("radio", { name: /Webhook/ }).check();
        await page.getByLabel("Endpoint URL").fill("https://hooks.example.com/upwatch");
        await page.getByRole("button", { name: "Add channel" }).click();
        await page.getByText("Webhook alerts need the Hobby plan").waitFor();
        await check("/app/channels/new with the plan refusal");

        await page.goto(`${product.url}/app/settings`);
        await settled(page);
        await page.getByRole("button", { name: "Delete Account" }).click();
        await page.getByRole("dialog").waitFor();
        await check("/app/settings with the deletion dialog");

        if (size.name === "phone") {
          await page.keyboard.press("Escape");
          await page.getByRole("button", { name: "Open menu" }).click();
          await page.getByRole("navigation", { name: "App" }).waitFor();
          await check("/app/settings with the menu open");
        }
        expect(found).toEqual([]);
        await context.close();
      }, 90_000);
    }
  }
});
