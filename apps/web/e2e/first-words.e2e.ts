import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { SmtpSink } from "../../server/test/smtp-sink.ts";
import { registerAccount } from "./support/app-account.ts";
import { setPlan, uniqueEmail } from "./support/app-accounts.ts";
import { withProductBrowserAndMail } from "./support/product-and-browser.ts";
import { screenshot } from "./support/screenshots.ts";
import type { RunningProduct } from "./support/server.ts";

type Mail = SmtpSink["received"][number];

async function mailTo(smtp: SmtpSink, address: string): Promise<Mail> {
  const sentTo = (mail: Mail) => JSON.stringify(mail.to ?? "").includes(address);
  await expect.poll(() => smtp.received.some(sentTo), { timeout: 15_000 }).toBe(true);
  return smtp.received.find(sentTo) as Mail;
}

/** The widths of the not-found page's buttons, in pixels. */
async function buttonWidths(page: Page): Promise<number[]> {
  return page
    .locator(".not-found-actions .button")
    .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().width));
}

/** Where the not-found page's buttons start, from the top: one value when side by side. */
async function buttonTops(page: Page): Promise<number[]> {
  return page
    .locator(".not-found-actions .button")
    .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
}

describe("the words and shapes a newcomer meets first", () => {
  let product: RunningProduct;
  let browser: Browser;
  let smtp: SmtpSink;
  withProductBrowserAndMail((running) => {
    ({ product, browser, smtp } = running);
  });

  it("names an account still called after its owner's address as that person's team when inviting someone", async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    context.setDefaultTimeout(10_000);
    const owner = await registerAccount(context, product);
    await setPlan(product, owner.accountId, "business");
    const invited = uniqueEmail("invited");
    await owner.api("POST", "/invitations", { email: invited, role: "member" });

    const mail = await mailTo(smtp, invited);
    expect(mail.subject).toBe(`Join the team of ${owner.email} on Upwatch`);
    expect(mail.text).toContain(`${owner.email} invited you to join their team on Upwatch as `);
    const link = /(https?:\/\/\S+\/app\/invitations\/[\w-]+)/.exec(mail.text ?? "")?.[1] ?? "";

    const guest = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await guest.newPage();
    await page.goto(`${product.url}${new URL(link).pathname}`);
    await page.getByRole("heading", { name: `Join the team of ${owner.email}` }).waitFor();
    await page.getByText(`${owner.email} invited ${invited} to join their team as `).waitFor();
    await screenshot(page, "invitation-page");
    await guest.close();
    await context.close();
  });

  it("gives the not-found pages' two buttons one width, side by side on the site and stacked on a phone or in the app's card", async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/no-such-page`);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    const [home, help] = await buttonWidths(page);
    expect(home).toBeGreaterThan(0);
    expect(help).toBe(home);
    expect(new Set(await buttonTops(page)).size).toBe(1);
    await screenshot(page, "not-found");

    await page.setViewportSize({ width: 360, height: 740 });
    const [narrowHome, narrowHelp] = await buttonWidths(page);
    expect(narrowHelp).toBe(narrowHome);
    expect(new Set(await buttonTops(page)).size).toBe(2);
    await screenshot(page, "not-found-phone");

    await registerAccount(context, product);
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.goto(`${product.url}/app/no-such-screen`);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    const [monitors, homePage] = await buttonWidths(page);
    expect(homePage).toBe(monitors);
    expect(new Set(await buttonTops(page)).size).toBe(2);
    await screenshot(page, "app-not-found");
    await context.close();
  });
  it("sets each check type's plan badge on the name's first line at the card's right edge, on a desk and on a phone", async () => {
    for (const width of [1100, 360]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await registerAccount(context, product);
      await page.goto(`${product.url}/app/monitors/new`);
      const names = page.locator(".type-option-name:has(.plan-badge)");
      await names.first().waitFor();
      const boxes = await names.evaluateAll((elements) =>
        elements.map((name) => {
          const badge = name.querySelector(".plan-badge") as HTMLElement;
          const nameBox = name.getBoundingClientRect();
          const badgeBox = badge.getBoundingClientRect();
          return {
            nameTop: nameBox.top,
            nameRight: Math.round(nameBox.right),
            badgeTop: badgeBox.top,
            badgeRight: Math.round(badgeBox.right),
          };
        }),
      );
      await screenshot(page.locator(".type-picker"), `check-type-badges-${width}`);
      expect(boxes.length).toBeGreaterThan(1);
      for (const box of boxes) {
        expect(box.badgeRight).toBe(box.nameRight);
        // On the first line: the badge starts within a line's height of the name's top.
        expect(Math.abs(box.badgeTop - box.nameTop)).toBeLessThan(12);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await context.close();
    }
  });
});
