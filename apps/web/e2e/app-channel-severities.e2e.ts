import { expect, it } from "vitest";
import { registerAccount } from "./support/app-account.ts";
import { createHttpMonitor } from "./support/app-monitors.ts";
import { type ProductAndBrowser, withProductAndBrowser } from "./support/product-and-browser.ts";

interface MonitorChannelList {
  data: { id: string; name: string; severities: string[] }[];
}

let running: ProductAndBrowser;
withProductAndBrowser((started) => {
  running = started;
});

it("a person on a phone-sized screen sets a monitor's channel to Critical only and sees it saved", async () => {
  const { product, browser } = running;
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  context.setDefaultTimeout(15_000);
  const account = await registerAccount(context, product);
  const monitor = await createHttpMonitor(account, {
    name: "Checkout",
    target: "https://example.com/",
  });
  const [owner] = (await account.api<MonitorChannelList>("GET", `/monitors/${monitor.id}/channels`))
    .data;
  const page = await context.newPage();
  await page.goto(`${product.url}/app/monitors/${monitor.id}/edit`);
  const chips = page.getByRole("group", { name: `Alert severities sent to ${owner!.name}` });
  for (const name of ["Critical", "Warning", "Info"]) {
    expect(await chips.getByRole("button", { name }).getAttribute("aria-pressed")).toBe("true");
  }
  await chips.getByRole("button", { name: "Warning" }).click();
  await chips.getByRole("button", { name: "Info" }).press("Enter");
  expect(await chips.getByRole("button", { name: "Critical" }).isDisabled()).toBe(false);
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.waitForURL(new RegExp(`/app/monitors/${monitor.id}$`));

  const saved = await account.api<MonitorChannelList>("GET", `/monitors/${monitor.id}/channels`);
  expect(saved.data.map((channel) => channel.severities)).toEqual([["critical"]]);
  await page.goto(`${product.url}/app/monitors/${monitor.id}/edit`);
  const again = page.getByRole("group", { name: `Alert severities sent to ${owner!.name}` });
  await again.getByRole("button", { name: "Critical", pressed: true }).waitFor();
  expect(await again.getByRole("button", { name: "Warning" }).getAttribute("aria-pressed")).toBe(
    "false",
  );
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await context.close();
}, 90_000);
