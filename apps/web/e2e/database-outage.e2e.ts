import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { waitLikeAPerson } from "./support/forms.ts";
import { createScratchDatabase } from "./support/scratch-database.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

const OUTAGE_DETAIL =
  "We could not save your message right now. Please try again in a few minutes.";

describe("the contact form while the database is down", () => {
  const postgresUrl = inject("postgresUrl");
  if (!postgresUrl) return;

  let product: RunningProduct;
  let browser: Browser;
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    database = await createScratchDatabase(postgresUrl);
    [product, browser] = await Promise.all([
      startProduct({ DATABASE_URL: database.url, FORMS_RATE_LIMIT: "0" }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await database?.drop();
  });

  it("shows the server's 503 sentence and keeps everything the visitor typed", async () => {
    const page = await browser.newPage();
    await page.goto(`${product.url}/contact`);
    await page.waitForFunction(() => document.querySelector("form.contact-form[novalidate]"));
    const message = "Our status page shows green but the checkout is down for customers in Sydney.";
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Grace Hopper");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("grace@example.com");
    await page.getByRole("combobox", { name: "Subject" }).selectOption("Bug Report");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill(message);
    await waitLikeAPerson(page);

    await cutOffDatabase(postgresUrl, new URL(database.url).pathname.slice(1));
    await page.getByRole("button", { name: "Send message" }).click();

    await page.getByText(OUTAGE_DETAIL).waitFor();
    expect(await page.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe(
      "Grace Hopper",
    );
    expect(await page.getByRole("textbox", { name: "Message", exact: true }).inputValue()).toBe(
      message,
    );
    expect(await page.getByRole("combobox", { name: "Subject" }).inputValue()).toBe("Bug Report");
    await page.close();
  });
});

/** Refuses new connections to the product's database and ends the open ones, as an outage would. */
async function cutOffDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`alter database ${name} allow_connections false`);
    await client.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1",
      [name],
    );
  } finally {
    await client.end();
  }
}
