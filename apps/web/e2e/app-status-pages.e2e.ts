import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type AppAccount, registerAccount } from "./support/app-account.ts";
import { setPlan } from "./support/app-accounts.ts";
import { checkNow, createHttpMonitor, waitForFirstChecks } from "./support/app-monitors.ts";
import { axeViolations } from "./support/axe.ts";
import { type HttpTarget, withHttpTarget } from "./support/http-target.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { PRIVATE_TARGETS, withProductAndBrowser } from "./support/product-and-browser.ts";
import type { RunningProduct } from "./support/server.ts";

/** A 1x1 PNG image: the smallest logo a page can have. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** The server refuses Check now within 5 seconds of a monitor's last check. */
const CHECK_NOW_GAP_MS = 5_500;

/** Makes the site fail and checks the monitor now, until the overview says it is down. */
async function takeMonitorDown(account: AppAccount, site: HttpTarget, id: string) {
  const firstCheck = Date.now();
  site.failing = true;
  await new Promise((resolve) => setTimeout(resolve, firstCheck + CHECK_NOW_GAP_MS - Date.now()));
  await checkNow(account, id);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { data } = await account.api<{ data: { monitor_id: string; status: string }[] }>(
      "GET",
      "/monitors/overview",
    );
    if (data.find((row) => row.monitor_id === id)?.status === "down") return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("The monitor did not go down.");
}

describe("status pages in the app", () => {
  let product: RunningProduct;
  let browser: Browser;
  let site: HttpTarget;
  withProductAndBrowser((running) => ({ product, browser } = running), PRIVATE_TARGETS);
  withHttpTarget((target) => (site = target));

  it("explains the plan on Free, then builds a page with sections, components, a linked monitor, states, settings and a logo, and deletes it", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    site.failing = false;
    const shop = await createHttpMonitor(account, { name: "Shop", target: `${site.url}/shop` });
    await waitForFirstChecks(account, [shop.id]);
    await takeMonitorDown(account, site, shop.id);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${product.url}/app`);
    await page.getByRole("link", { name: "Status pages" }).first().click();
    await page.getByRole("heading", { name: "No status pages on the Free plan" }).waitFor();
    await page.getByRole("link", { name: "Compare the plans" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await setPlan(product, account.accountId, "hobby");
    await page.reload();
    await page.getByRole("heading", { name: "No status pages yet" }).waitFor();
    await page.getByRole("link", { name: "New status page" }).click();
    await page.getByRole("heading", { level: 1, name: "New status page" }).waitFor();
    await page.getByLabel(/^Name/).fill("Acme Cloud");
    expect(await page.getByLabel(/^Address/).inputValue()).toBe("acme-cloud");
    await page.getByLabel(/^Address/).fill("api");
    await page.getByRole("button", { name: "Create status page" }).click();
    await page
      .getByText(`The address "api" is kept for Upwatch's own pages; choose another.`)
      .waitFor();
    // What is typed shows as the address the page will really get.
    await page.getByLabel(/^Address/).fill("Acme Cloud");
    await page
      .locator("#status-page-slug-hint")
      .getByText(/\/status\/acme-cloud$/)
      .waitFor();
    await page.getByLabel(/^Headline/).fill("Live status of Acme's services.");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Create status page" }).click();

    await page.getByRole("heading", { level: 1, name: "Acme Cloud" }).waitFor();
    await page.getByText("Acme Cloud is created").waitFor();
    const pageId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    const created = await account.api<{ public_url: string }>("GET", `/status-pages/${pageId}`);
    expect(created.public_url).toMatch(/\/status\/acme-cloud$/);
    const publicLink = page.getByRole("link", { name: created.public_url });
    expect(await publicLink.getAttribute("href")).toBe(created.public_url);
    const tabs = page.getByRole("navigation", { name: "Status page sections" });
    expect(await tabs.getByRole("link").allTextContents()).toEqual([
      "Components",
      "Incidents",
      "Maintenance",
      "Subscribers",
      "Settings",
    ]);
    expect(await tabs.getByRole("link", { name: "Components" }).getAttribute("aria-current")).toBe(
      "page",
    );
    await page.getByRole("heading", { name: "No components yet" }).waitFor();

    await page.getByLabel(/^Section name/).fill("Europe");
    await page.getByRole("button", { name: "Add section" }).click();
    await page.getByText("The section Europe is added").waitFor();
    await page.getByRole("heading", { level: 3, name: "Europe" }).waitFor();

    const addForm = page.getByRole("region", { name: "Add a component" });
    await addForm.getByLabel(/^Component name/).fill("Website");
    await addForm.getByLabel(/^Description/).fill("The shop and the blog.");
    await addForm.getByRole("checkbox", { name: "Shop" }).check();
    await addForm.getByRole("button", { name: "Add component" }).click();
    await page.getByText("Website is added").waitFor();
    for (const name of ["Search", "Payments"]) {
      await addForm.getByLabel(/^Component name/).fill(name);
      await addForm.getByLabel(/^Section/).selectOption({ label: "Europe" });
      await addForm.getByRole("button", { name: "Add component" }).click();
      await page.getByText(`${name} is added`).waitFor();
    }

    const europe = page.getByRole("region", { name: "Europe" });
    const names = () => europe.locator(".status-component h4").allTextContents();
    expect(await names()).toEqual(["Search", "Payments"]);
    await page.getByRole("button", { name: "Move up: Payments" }).click();
    await page.getByText("Payments is moved").waitFor();
    await expect.poll(names).toEqual(["Payments", "Search"]);

    const website = page.locator(".status-component", { hasText: "Website" });
    await website.getByText("Its monitors suggest Major Outage").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await website.getByRole("button", { name: /Use suggested state/ }).click();
    await page.getByText("Website is now Major Outage").waitFor();
    await website.locator(".state-tag", { hasText: "Major Outage" }).waitFor();
    await page.locator(".status-page-links .state-tag", { hasText: "Major Outage" }).waitFor();

    await page.getByLabel("State of Search").selectOption({ label: "Degraded Performance" });
    await page.getByText("Search is now Degraded Performance").waitFor();

    await page.getByRole("button", { name: "Edit Website" }).click();
    await website.getByLabel(/^Component name/).fill("Web shop");
    await website.getByLabel(/^Section/).selectOption({ label: "Europe" });
    await website.getByRole("checkbox", { name: /Follow the linked monitors/ }).check();
    await website.getByRole("button", { name: "Save component" }).click();
    await page.getByText("Web shop is saved").waitFor();
    const shopCard = europe.locator(".status-component", { hasText: "Web shop" });
    await shopCard.getByText("Follows its monitors").waitFor();

    await page.getByRole("button", { name: "Delete Search" }).click();
    const removeSearch = page.getByRole("dialog", { name: "Delete Search?" });
    await removeSearch.getByRole("button", { name: "Delete component" }).click();
    await page.getByText("Search is removed from the page").waitFor();
    await removeSearch.waitFor({ state: "hidden" });

    const visitor = await context.newPage();
    await visitor.goto(`${product.url}${new URL(created.public_url).pathname}`);
    await visitor.getByRole("heading", { name: "Europe" }).waitFor();
    const publicText = (await visitor.locator("main").textContent()) ?? "";
    expect(publicText).toContain("Web shop");
    expect(publicText).toContain("Payments");
    expect(publicText).toContain("Major Outage");
    expect(publicText).not.toContain("Search");
    expect(publicText).not.toContain("Shop ");
    await visitor.close();

    await tabs.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("heading", { name: "Settings", level: 2 }).waitFor();
    expect(await page.getByLabel(/^Name/).inputValue()).toBe("Acme Cloud");
    await page
      .getByText("White-label pages and custom domains are part of the Enterprise+ plan.")
      .waitFor();
    expect(await page.getByLabel(/^Custom domain/).isDisabled()).toBe(true);
    await page.getByLabel(/^Accent colour/).fill("blue");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Enter a colour as # and six hexadecimal digits").waitFor();
    await page.getByLabel(/^Accent colour/).fill("#2563EB");
    await page.getByLabel(/^Support page/).fill("https://acme.example/help");
    await page.getByLabel(/^Headline/).fill("Everything about Acme, live.");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("The page's settings are saved").waitFor();
    const saved = await account.api<{
      accent_color: string;
      support_url: string;
      headline: string;
    }>("GET", `/status-pages/${page.url().split("/").at(-2)}`);
    expect(saved).toMatchObject({
      accent_color: "#2563eb",
      support_url: "https://acme.example/help",
      headline: "Everything about Acme, live.",
    });

    const logoInput = page.getByLabel("Upload a logo");
    await logoInput.setInputFiles({
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from("<svg/>"),
    });
    await page.getByText("The logo must be a PNG, JPEG or WebP image.").waitFor();
    await logoInput.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await page.getByText("The logo is saved").waitFor();
    const logo = page.getByRole("img", { name: "The logo of Acme Cloud" });
    expect(await logo.getAttribute("src")).toMatch(/^\/status\/acme-cloud\/logo\/[0-9a-f]{64}$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Remove logo" }).click();
    await page.getByText("The logo is removed").waitFor();
    await page.getByText("No logo: the page shows its name.").waitFor();

    await setPlan(product, account.accountId, "enterprise");
    await page.reload();
    await page.getByLabel(/^Custom domain/).fill("status.acme.example");
    const record = page.locator("[data-dns-record]");
    expect(await record.textContent()).toContain("CNAME");
    expect(await record.textContent()).toContain(new URL(created.public_url).hostname);
    await page.getByRole("checkbox", { name: /Powered by Upwatch/ }).check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("The page's settings are saved").waitFor();
    const proof = page.locator('[data-domain-proof="status.acme.example"]');
    await proof.getByText("_upwatch-verification.status.acme.example").waitFor();
    await proof.getByRole("button", { name: "Verify status.acme.example" }).waitFor();
    await setPlan(product, account.accountId, "business");
    await page.reload();
    await page.getByText("The choices below are kept for it", { exact: false }).waitFor();
    expect(await page.getByLabel(/^Custom domain/).inputValue()).toBe("status.acme.example");
    expect(await page.getByLabel(/^Custom domain/).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Delete status page" }).click();
    const remove = page.getByRole("dialog", { name: "Delete Acme Cloud?" });
    await remove.getByRole("button", { name: "Delete status page" }).click();
    await page.getByText("Acme Cloud is deleted").waitFor();
    await page.getByRole("heading", { name: "No status pages yet" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("lists a page with what visitors see and its public address, and shows a taken address under its field", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(10_000);
    const account = await registerAccount(context, product);
    await setPlan(product, account.accountId, "business");
    const taken = await account.api<{ public_url: string }>("POST", "/status-pages", {
      name: "Taken",
      slug: "taken-page",
    });
    const page = await context.newPage();
    await page.goto(`${product.url}/app/status-pages`);
    const row = page.getByRole("row", { name: /Taken/ });
    expect(await row.textContent()).toContain("Operational");
    expect(await row.textContent()).toContain(taken.public_url);

    await page.getByRole("link", { name: "New status page" }).click();
    await page.getByLabel(/^Name/).fill("Taken page");
    await page.getByRole("button", { name: "Create status page" }).click();
    const slugError = page.locator("#status-page-slug-error");
    await slugError.waitFor();
    expect(await slugError.textContent()).toMatch(/taken-page/);
    await context.close();
  });

  for (const theme of ["dark", "light"]) {
    it(`passes the WCAG 2.1 AA and best-practice checks with every state shown, ${theme} theme, phone size`, async () => {
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        bypassCSP: true,
      });
      context.setDefaultTimeout(10_000);
      await context.addInitScript((value) => localStorage.setItem("upwatch-theme", value), theme);
      const account = await registerAccount(context, product);
      await setPlan(product, account.accountId, "hobby");
      const created = await account.api<{ id: string }>("POST", "/status-pages", {
        name: `Every state ${theme}`,
        slug: `every-state-${theme}`,
      });
      const section = await account.api<{ id: string }>(
        "POST",
        `/status-pages/${created.id}/sections`,
        { name: "Core" },
      );
      const states = ["operational", "maintenance", "degraded_performance", "major_outage"];
      for (const [index, state] of states.entries()) {
        await account.api("POST", `/status-pages/${created.id}/components`, {
          name: `Part ${index + 1}`,
          state,
          section_id: index % 2 === 0 ? section.id : null,
        });
      }
      const page = await context.newPage();
      const base = `${product.url}/app/status-pages`;
      const found: string[] = [];
      for (const path of ["", `/${created.id}`, `/${created.id}/settings`, "/new"]) {
        await page.goto(`${base}${path}`);
        await page.locator("h1").waitFor();
        await page.locator(".app-skeleton").waitFor({ state: "detached" });
        found.push(...(await axeViolations(page)).map((line) => `${path || "/"} ${line}`));
      }
      expect(found).toEqual([]);
      await context.close();
    });
  }
});
