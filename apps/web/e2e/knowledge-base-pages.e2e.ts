import { PLANS } from "@upwatch/core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knowledgeBase } from "../app/knowledge-base/content/bundled.ts";
import { formatDate } from "../app/knowledge-base/content/format-date.ts";
import { relatedArticles } from "../app/knowledge-base/content/knowledge-base.ts";
import { knowledgeBasePaths } from "../app/knowledge-base/content/page-paths.ts";
import { launchBrowser } from "./support/browser.ts";
import { collectPageErrors } from "./support/page-errors.ts";
import { isSameDocument, markDocument, waitForApp } from "./support/page-marker.ts";
import { type RunningProduct, startProduct } from "./support/server.ts";

const APP_URL = "https://app.upwatch.example";

function article(slug: string) {
  const found = knowledgeBase.articles.find((a) => a.slug === slug);
  if (!found) throw new Error(`No article ${slug}`);
  return found;
}

describe("the help-centre pages", () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let errors: string[] = [];
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct({ APP_URL }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function open(path: string): Promise<Page> {
    await page?.close();
    page = await browser.newPage();
    errors = collectPageErrors(page);
    await page.goto(`${product.url}${path}`);
    await waitForApp(page);
    return page;
  }

  async function html(path: string): Promise<string> {
    const response = await fetch(`${product.url}${path}`);
    expect(response.status).toBe(200);
    return response.text();
  }

  it("prerenders every article, category and guide with its own title and canonical link", async () => {
    for (const path of knowledgeBasePaths(knowledgeBase)) {
      const text = await html(path);
      expect(text).toMatch(/<title>[^<]+ \| Upwatch<\/title>/);
      expect(text).toContain(
        `<link rel="canonical" href="http://localhost:${new URL(product.url).port}${path}"/>`,
      );
      expect(text).toMatch(/<meta name="description" content="[^"]+"/);
    }
  });

  it("serves an article's real content, description and breadcrumb data in the HTML, with no skeleton", async () => {
    const linux = article("linux-agent");
    const text = await html(linux.path);
    expect(text).toContain(`<title>${linux.title} | Upwatch</title>`);
    expect(text).toContain('<h2 id="before-you-start">Before you start</h2>');
    expect(text).not.toContain("kb-skeleton");
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(text)?.[1] ?? "";
    const breadcrumb = JSON.parse(jsonLd);
    expect(breadcrumb["@type"]).toBe("BreadcrumbList");
    expect(breadcrumb.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      "Knowledge Base",
      "Monitoring Agents",
      linux.title,
    ]);
  });

  it("publishes article structured data with headline, dates, section and image on articles and guides", async () => {
    const origin = `http://localhost:${new URL(product.url).port}`;
    const dataOf = (text: string) =>
      [...text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1] ?? "{}"),
      );
    const linux = article("linux-agent");
    const techArticle = dataOf(await html(linux.path)).find((d) => d["@type"] === "TechArticle");
    expect(techArticle).toMatchObject({
      headline: linux.title,
      description: linux.description,
      datePublished: linux.dateCreated,
      dateModified: linux.dateUpdated,
      articleSection: "Monitoring Agents",
      url: `${origin}${linux.path}`,
      image: `${origin}/og-image.png`,
      author: { "@type": "Organization", name: "Upwatch" },
    });
    for (const guide of knowledgeBase.guides) {
      const data = dataOf(await html(guide.path)).find((d) => d["@type"] === "TechArticle");
      expect(data?.dateModified).toBe(guide.dateUpdated);
    }
    const index = dataOf(await html("/knowledge-base"));
    expect(index.map((d) => d["@type"])).toEqual(["BreadcrumbList"]);
  });

  it("serves the index and category pages with their cards in the HTML", async () => {
    const index = await html("/knowledge-base");
    expect(index).toContain("Browse by Category");
    for (const category of knowledgeBase.categories) {
      expect(index).toContain(category.name.replace("&", "&amp;"));
    }
    const agents = await html("/knowledge-base/category/agents");
    for (const a of knowledgeBase.categories[0]?.articles ?? []) expect(agents).toContain(a.title);
  });

  it("shows the index: featured guides, a card per category and a Contact Support link", async () => {
    await open("/knowledge-base");
    expect(await page.locator("h1").textContent()).toBe("Knowledge Base");
    expect(await page.getByRole("combobox").count()).toBe(1);
    const featured = page.locator(".kb-featured-card a");
    expect(await featured.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(
      ["/knowledge-base/escalating-hysteresis", "/knowledge-base/monitoring-agents"],
    );
    for (const category of knowledgeBase.categories) {
      const card = page.locator(".kb-category-card", { hasText: category.name });
      const count = category.articles.length;
      expect(await card.locator(".kb-count").textContent()).toBe(`${count} articles`);
      expect(await card.locator(".kb-card-text").textContent()).toBe(category.description);
      expect(await card.locator(".kb-title-list a").allTextContents()).toEqual(
        category.articles.slice(0, 3).map((a) => a.title),
      );
      const viewAll = card.getByText(`View all ${count} articles`);
      expect(await viewAll.count()).toBe(count > 3 ? 1 : 0);
    }
    const contact = page.getByRole("link", { name: "Contact Support" });
    expect(await contact.getAttribute("href")).toBe("/contact");
    expect(errors).toEqual([]);
  });

  it("shows a category's articles as cards and opens one without reloading", async () => {
    const category = knowledgeBase.categories.find((c) => c.id === "alerts");
    await open("/knowledge-base/category/alerts");
    expect(await page.locator(".kb-breadcrumb li").allTextContents()).toEqual([
      "Knowledge Base",
      "Alert Configuration",
    ]);
    expect(await page.locator("h1").textContent()).toBe("Alert Configuration");
    const cards = page.locator(".kb-article-card");
    expect(await cards.count()).toBe(category?.articles.length);
    const first = category?.articles[0];
    const card = cards.first();
    expect(await card.locator(".kb-card-text").textContent()).toBe(first?.description);
    expect(await card.textContent()).toContain(`${first?.readingTime} read`);
    await markDocument(page);
    await card.getByRole("link", { name: /Read More/ }).click();
    await page.waitForURL(`${product.url}${first?.path}`);
    await page.locator("h1", { hasText: first?.title }).waitFor();
    expect(await isSameDocument(page)).toBe(true);
  });

  it("sends an unknown article or category to the knowledge base, typed or followed", async () => {
    for (const path of ["/knowledge-base/no-such-article", "/knowledge-base/category/nothing"]) {
      await open(path);
      expect(new URL(page.url()).pathname).toBe("/knowledge-base");
      expect(await page.locator("h1").textContent()).toBe("Knowledge Base");
    }
    await open("/knowledge-base/linux-agent");
    await markDocument(page);
    await page.evaluate(() => {
      window.history.pushState({}, "", "/knowledge-base/not-an-article");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.waitForURL(`${product.url}/knowledge-base`);
    expect(await isSameDocument(page)).toBe(true);
  });

  it("shows an article with breadcrumb, date, reading time, tags, related articles and help", async () => {
    const linux = article("linux-agent");
    await open(linux.path);
    expect(await page.locator(".kb-breadcrumb li").allTextContents()).toEqual([
      "Knowledge Base",
      "Monitoring Agents",
      linux.title,
    ]);
    expect(await page.locator(".kb-lead").textContent()).toBe(linux.description);
    const meta = await page.locator(".kb-article-meta").textContent();
    expect(meta).toContain(`Last updated ${formatDate(linux.dateUpdated)}`);
    expect(meta).toContain(`${linux.readingTime} read`);
    expect(await page.locator(".kb-article-header .kb-tag").allTextContents()).toEqual(linux.tags);
    const related = await page.locator(".kb-related a").allTextContents();
    expect(related).toEqual(relatedArticles(knowledgeBase, linux).map((a) => a.title));
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(5);
    expect(related).not.toContain(linux.title);
    for (const title of related) {
      const other = knowledgeBase.articles.find((a) => a.title === title);
      const sharesTag = other?.tags.some((tag) => linux.tags.includes(tag));
      expect(other?.category === linux.category || sharesTag).toBe(true);
    }
    const help = page.locator(".kb-need-help").getByRole("link", { name: "Contact Support" });
    expect(await help.getAttribute("href")).toBe("/contact");
    expect(errors).toEqual([]);
  });

  it("maps article links to help-centre pages and follows them without reloading", async () => {
    await open("/knowledge-base/linux-agent");
    const link = page.locator(".kb-prose a", { hasText: "Monitors vs Agents" }).first();
    expect(await link.getAttribute("href")).toBe("/knowledge-base/monitors-vs-agents");
    await markDocument(page);
    await link.click();
    await page.waitForURL(`${product.url}/knowledge-base/monitors-vs-agents`);
    await page.locator("h1", { hasText: article("monitors-vs-agents").title }).waitFor();
    expect(await isSameDocument(page)).toBe(true);
  });

  it("opens outside links in a new tab and labels code blocks with their language", async () => {
    await open("/knowledge-base/slack-integration");
    const external = page.locator('.kb-prose a[href^="https://"]').first();
    expect(await external.getAttribute("target")).toBe("_blank");
    expect(await external.getAttribute("rel")).toBe("noopener noreferrer");
    await open("/knowledge-base/linux-agent");
    const labels = await page.locator(".kb-code-language").allTextContents();
    expect(labels).toContain("bash");
    expect(labels).toContain("yaml");
  });

  it("shows the plan comparison from the plan data on the subscription plans article", async () => {
    await open("/knowledge-base/subscription-plans");
    const cards = page.locator(".kb-plan");
    expect(await cards.locator("h3").allTextContents()).toEqual(PLANS.map((plan) => plan.name));
    expect(await cards.nth(1).locator(".kb-plan-price").textContent()).toBe(
      `$${PLANS[1]?.monthlyPrice}/month`,
    );
    expect(await page.locator(".kb-plan-highlighted .kb-plan-badge").textContent()).toBe(
      "Most Popular",
    );
    const start = page.getByRole("link", { name: PLANS[0]?.cta });
    expect(await start.getAttribute("href")).toBe(`${APP_URL}/register`);
  });

  it("shows the pricing page with plans, the FAQ and links to sign up and to contact", async () => {
    await open("/knowledge-base/pricing");
    expect(await page.locator(".kb-plan").count()).toBe(PLANS.length);
    const questions = await page.locator(".kb-faq h3").allTextContents();
    expect(questions).toEqual(knowledgeBase.pricingFaq.questions.map((q) => q.question));
    expect(await page.getByRole("link", { name: "Get started free" }).getAttribute("href")).toBe(
      `${APP_URL}/register`,
    );
    expect(await page.getByRole("link", { name: "Talk to sales" }).getAttribute("href")).toBe(
      "/contact",
    );
  });

  it("gives each guide a table of contents that leads to its sections", async () => {
    for (const guide of knowledgeBase.guides) {
      await open(guide.path);
      const toc = page.locator(".kb-toc a");
      expect(await toc.allTextContents()).toEqual(guide.sections.map((s) => s.title));
      const last = guide.sections.at(-1);
      await toc.last().click();
      await page.waitForURL(`${product.url}${guide.path}#${last?.id}`);
      expect(await page.locator(`#${last?.id}`).isVisible()).toBe(true);
    }
  });

  it("shows a skeleton only while the next page's code is really loading", async () => {
    await open("/knowledge-base");
    expect(await page.locator("[data-testid=kb-skeleton]").count()).toBe(0);
    await page.route("**/assets/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.locator(".kb-title-list a").first().click();
    await page.locator("[data-testid=kb-skeleton]").waitFor();
    await page.locator(".kb-article h1").waitFor();
    expect(await page.locator("[data-testid=kb-skeleton]").count()).toBe(0);
  });

  it("fits every kind of help-centre page on a 360-pixel phone without sideways scrolling", async () => {
    await page?.close();
    page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    const paths = [
      "/knowledge-base",
      "/knowledge-base/category/agents",
      "/knowledge-base/linux-agent",
      "/knowledge-base/subscription-plans",
      "/knowledge-base/pricing",
      ...knowledgeBase.guides.map((guide) => guide.path),
    ];
    for (const path of paths) {
      await page.goto(`${product.url}${path}`);
      await waitForApp(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(360);
    }
  });

  /** The scripts a page loads; `ready` waits until it has loaded them all. */
  async function scriptsOf(
    path: string,
    ready: (page: Page) => Promise<void> = waitForApp,
  ): Promise<string> {
    // The bodies are awaited after the page is ready: a body still being read then is counted.
    const bodies: Promise<string>[] = [];
    await page?.close();
    page = await browser.newPage();
    page.on("response", (response) => {
      if (response.url().endsWith(".js")) bodies.push(response.text());
    });
    await page.goto(`${product.url}${path}`);
    await ready(page);
    const scripts = await Promise.all(bodies);
    expect(scripts.length).toBeGreaterThan(0);
    return scripts.join("\n");
  }

  it("keeps the search index, the markdown renderer, the articles and zod off the home page", async () => {
    // The home page does not start the app: its own script is all it loads.
    const all = await scriptsOf("/", (home) => home.waitForLoadState("networkidle"));
    expect(all).not.toContain("ignoreLocation");
    expect(all).not.toContain("remarkRehypeOptions");
    expect(all).not.toContain("Before you start");
    expect(all).not.toContain("invalid_type");
  });

  it("sends an article's body as HTML, without the markdown renderer or other articles", async () => {
    const all = await scriptsOf("/knowledge-base/linux-agent");
    expect(all).not.toContain("remarkRehypeOptions");
    expect(all).not.toContain("ignoreLocation");
    const otherArticleLine = article("windows-agent")
      .content.split("\n")
      .find((line) => line.length > 40 && !/["'\\`]/.test(line));
    expect(otherArticleLine).toBeTruthy();
    expect(all).not.toContain(otherArticleLine);
    expect(await page.locator(".kb-prose h2").count()).toBeGreaterThan(2);
  });
});
