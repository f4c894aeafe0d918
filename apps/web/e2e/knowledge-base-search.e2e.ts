import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { knowledgeBase } from "../app/knowledge-base/content/bundled.ts";
import { createArticleSearch } from "../app/knowledge-base/search/article-search.ts";
import { plainText } from "../app/knowledge-base/search/plain-text.ts";
import { launchBrowser } from "./support/browser.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { isSameDocument, markDocument, waitForApp } from "./support/page-marker.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

/** A long word that appears only in the last part of one article's body, and nowhere else. */
function wordDeepInOneArticle(): { word: string; slug: string } {
  const counts = new Map<string, number>();
  const texts = knowledgeBase.articles.map((a) =>
    plainText([a.title, a.description, a.tags.join(" "), a.content].join("\n")).toLowerCase(),
  );
  for (const text of texts) {
    for (const word of new Set(text.match(/[a-z]{9,}/g))) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  for (const article of knowledgeBase.articles) {
    const body = plainText(article.content).toLowerCase();
    const tail = body.slice(Math.floor(body.length * 0.8));
    const word = (tail.match(/[a-z]{9,}/g) ?? []).find(
      (w) => counts.get(w) === 1 && !body.slice(0, Math.floor(body.length * 0.8)).includes(w),
    );
    if (word) return { word, slug: article.slug };
  }
  throw new Error("No article has a word of its own near its end");
}

describe("searching the help centre", () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let box: Locator;
  let errors: string[] = [];
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  beforeEach(async () => {
    await page?.close();
    page = await browser.newPage();
    errors = collectPageErrors(page);
    await page.goto(`${product.url}/knowledge-base`);
    await waitForApp(page);
    box = page.getByRole("combobox", { name: "Search the knowledge base" });
  });

  const options = () => page.getByRole("option");
  const articleOptions = () => page.locator(".kb-option:not(.kb-option-all)");

  async function suggestionTitles(): Promise<string[]> {
    await articleOptions().first().waitFor();
    return articleOptions().locator(".kb-option-title").allTextContents();
  }

  it("suggests nothing for a single character", async () => {
    await box.fill("w");
    await page.waitForTimeout(200);
    expect(await page.locator(".kb-dropdown").count()).toBe(0);
    expect(await box.getAttribute("aria-expanded")).toBe("false");
  });

  it("suggests at most five articles from two characters, with description, category and two tags", async () => {
    await box.fill("ag");
    await options().first().waitFor();
    expect(await articleOptions().count()).toBe(5);
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    const first = articleOptions().first();
    expect(await first.locator(".kb-option-description").textContent()).not.toBe("");
    expect(await first.locator(".kb-option-category").textContent()).toMatch(/\w/);
    for (const option of await articleOptions().all()) {
      expect(await option.locator(".kb-tag").count()).toBeLessThanOrEqual(2);
    }
    expect(await page.locator(".kb-option-all").textContent()).toBe("View all results for “ag”");
  });

  it("forgives a typo and marks the words that matched", async () => {
    await box.fill("webhok");
    const titles = await suggestionTitles();
    expect(titles[0]).toBe("Webhook Alerts and Signature Verification");
    expect(await articleOptions().first().locator("mark").first().textContent()).toBe("Webhook");
  });

  it("opens a suggestion on a click without reloading the page", async () => {
    await box.fill("webhook");
    await articleOptions().first().waitFor();
    await markDocument(page);
    await articleOptions().first().click();
    await page.waitForURL(`${product.url}/knowledge-base/webhook-alerts`);
    await page.locator("h1", { hasText: "Webhook Alerts" }).waitFor();
    expect(await isSameDocument(page)).toBe(true);
  });

  it("finds an article by a word near the end of its body", async () => {
    const { word, slug } = wordDeepInOneArticle();
    const expected = knowledgeBase.articles.find((a) => a.slug === slug)?.title;
    await box.fill(word);
    expect(await suggestionTitles()).toContain(expected);
  });

  it("says so when nothing matches", async () => {
    await box.fill("zzqxv");
    const message = page.locator(".kb-dropdown-message", { hasText: "No results" });
    await message.waitFor();
    expect(await message.textContent()).toBe("No results found for “zzqxv”");
    expect(await options().count()).toBe(0);
  });

  it("shows all results on their own page, counted, with the query in the address", async () => {
    await box.fill("alert");
    await page.locator(".kb-option-all").click();
    await page.waitForURL(`${product.url}/knowledge-base?q=alert`);
    expect(await page.locator("#results-title").textContent()).toBe("Search results for “alert”");
    const cards = page.locator(".kb-results .kb-article-card");
    const total = createArticleSearch(knowledgeBase.articles).search("alert").length;
    expect(await cards.count()).toBe(total);
    expect(total).toBeGreaterThan(5);
    expect(await page.locator(".kb-results [role=status]").textContent()).toBe(
      `${total} articles match your search.`,
    );
    expect(await page.locator(".kb-dropdown").count()).toBe(0);
    await page.getByRole("link", { name: "← Back to all categories" }).click();
    await page.waitForURL(`${product.url}/knowledge-base`);
    await page.getByRole("heading", { name: "Browse by Category" }).waitFor();
  });

  it("says no articles were found when the results page has none", async () => {
    await page.goto(`${product.url}/knowledge-base?q=zzqxv`);
    await waitForApp(page);
    const empty = page.locator(".kb-results .kb-empty");
    await empty.waitFor();
    expect(await empty.textContent()).toBe("No articles found matching your search.");
    expect(await page.locator(".kb-results [role=status]").textContent()).toBe(
      "0 articles match your search.",
    );
  });

  it("opens a shared results address with the query filled in, and Back and Forward work", async () => {
    await page.goto(`${product.url}/knowledge-base?q=linux`);
    await waitForApp(page);
    await page.locator(".kb-results .kb-article-card").first().waitFor();
    expect(await box.inputValue()).toBe("linux");
    await markDocument(page);
    await page.getByRole("link", { name: "← Back to all categories" }).click();
    await page.getByRole("heading", { name: "Browse by Category" }).waitFor();
    expect(await box.inputValue()).toBe("");
    await page.goBack();
    await page.locator("#results-title").waitFor();
    expect(await box.inputValue()).toBe("linux");
    await page.goForward();
    await page.getByRole("heading", { name: "Browse by Category" }).waitFor();
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("empties the search with the clear button", async () => {
    await box.fill("linux");
    await options().first().waitFor();
    await page.getByRole("button", { name: "Clear search" }).click();
    expect(await box.inputValue()).toBe("");
    expect(await page.locator(".kb-dropdown").count()).toBe(0);
    await page.goto(`${product.url}/knowledge-base?q=linux`);
    await waitForApp(page);
    await page.locator("#results-title").waitFor();
    await page.getByRole("button", { name: "Clear search" }).click();
    await page.waitForURL(`${product.url}/knowledge-base`);
    await page.getByRole("heading", { name: "Browse by Category" }).waitFor();
  });

  it("closes the suggestions on a click outside the search", async () => {
    await box.fill("linux");
    await options().first().waitFor();
    await page.locator("h1").click();
    expect(await page.locator(".kb-dropdown").count()).toBe(0);
    await box.click();
    await options().first().waitFor();
  });

  it("moves through suggestions with the arrow keys and opens one with Enter", async () => {
    await box.fill("linux");
    await options().first().waitFor();
    await markDocument(page);
    await box.press("ArrowDown");
    await box.press("ArrowDown");
    const second = articleOptions().nth(1);
    expect(await second.getAttribute("aria-selected")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await second.getAttribute("id"));
    await box.press("ArrowUp");
    expect(await articleOptions().first().getAttribute("aria-selected")).toBe("true");
    await box.press("ArrowUp");
    expect(await page.locator(".kb-option-all").getAttribute("aria-selected")).toBe("true");
    await box.press("ArrowDown");
    const title = await articleOptions().first().locator(".kb-option-title").textContent();
    const target = knowledgeBase.articles.find((a) => a.title === title);
    await box.press("Enter");
    await page.waitForURL(`${product.url}${target?.path}`);
    expect(await isSameDocument(page)).toBe(true);
  });

  it("shows all results on Enter, closes with Escape and clears with a second Escape", async () => {
    await box.fill("agent");
    await options().first().waitFor();
    await box.press("Escape");
    expect(await page.locator(".kb-dropdown").count()).toBe(0);
    expect(await box.inputValue()).toBe("agent");
    await box.press("Escape");
    expect(await box.inputValue()).toBe("");
    await box.fill("agent");
    await box.press("Enter");
    await page.waitForURL(`${product.url}/knowledge-base?q=agent`);
    await page.locator("#results-title").waitFor();
  });

  it("puts the cursor in the search box on / or Ctrl+K", async () => {
    const focused = () => box.evaluate((input) => input === document.activeElement);
    await page.locator("h1").click();
    await page.keyboard.press("/");
    expect(await focused()).toBe(true);
    expect(await box.inputValue()).toBe("");
    await page.keyboard.type("tcp/ip");
    expect(await box.inputValue()).toBe("tcp/ip");
    await page.locator("h1").click();
    expect(await focused()).toBe(false);
    await page.keyboard.press("Control+k");
    expect(await focused()).toBe(true);
  });
});
