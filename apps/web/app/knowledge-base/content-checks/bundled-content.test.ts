import { describe, expect, it } from "vitest";
import { bundledContentFiles, knowledgeBase } from "../content/bundled.ts";
import { checkArticleFrontMatter, checkGuideFrontMatter } from "./front-matter-rules.ts";
import { checkInternalLinks, contentTexts } from "./link-rules.ts";
import { checkPlanClaims } from "./plan-claims.ts";
import { checkPlanNames } from "./plan-names.ts";
import { checkPlanTables } from "./plan-tables.ts";

const files = bundledContentFiles();
const texts = contentTexts(knowledgeBase);

// The articles of the help centre's specification, plus the Slack article the site redirects to.
const REQUIRED_ARTICLES = [
  "windows-agent",
  "linux-agent",
  "macos-agent",
  "agent-alerting",
  "email-alerts",
  "sms-alerts",
  "webhook-alerts",
  "subscription-plans",
  "monitors-vs-agents",
  "http-https-monitoring",
  "ping-monitoring",
  "string-verification",
  "advanced-multi-step-checks",
  "agent-proxy-monitoring",
  "monitor-groups",
  "regional-monitoring",
  "status-page-incidents",
  "automatic-deescalation-alerting",
  "understanding-latency-regions",
  "alert-dependency-builder",
  "slack-integration",
];

// The articles the two guides must point readers to.
const GUIDE_LINKS = [
  "linux-agent",
  "macos-agent",
  "windows-agent",
  "agent-alerting",
  "agent-proxy-monitoring",
  "monitors-vs-agents",
  "http-https-monitoring",
  "monitor-groups",
];

describe("the bundled help-centre content", () => {
  it("has every article the help centre promises", () => {
    const slugs = knowledgeBase.articles.map((article) => article.slug);
    expect(REQUIRED_ARTICLES.filter((slug) => !slugs.includes(slug))).toEqual([]);
  });

  it("gives every article complete front matter with one of the six categories", () => {
    expect(files.articles.flatMap(checkArticleFrontMatter)).toEqual([]);
  });

  it("gives both guides complete front matter", () => {
    expect(files.guides.map((guide) => guide.file).sort()).toEqual([
      "content/guides/escalating-hysteresis.md",
      "content/guides/monitoring-agents.md",
    ]);
    expect(files.guides.flatMap(checkGuideFrontMatter)).toEqual([]);
  });

  it("puts at least one article in every category", () => {
    const empty = knowledgeBase.categories.filter((category) => category.articles.length === 0);
    expect(empty.map((category) => category.id)).toEqual([]);
  });

  it("links only to pages and headings that exist", () => {
    expect(texts.flatMap((text) => checkInternalLinks(knowledgeBase, text))).toEqual([]);
  });

  it("has the guides link to every article they introduce", () => {
    const guides = knowledgeBase.guides.map((guide) => guide.content).join("\n");
    const missing = GUIDE_LINKS.filter((slug) => !guides.includes(`(./${slug}.md`));
    expect(missing).toEqual([]);
  });

  it("names only the plans that exist", () => {
    expect(texts.flatMap((text) => checkPlanNames(text.markdown, text.file))).toEqual([]);
  });

  it("states plan prices, monitor, agent and user limits as the plan data has them", () => {
    const problems = texts.flatMap((text) => [
      ...checkPlanClaims(text.markdown, text.file),
      ...checkPlanTables(text.markdown, text.file),
    ]);
    expect(problems).toEqual([]);
  });

  it("has a pricing FAQ of questions that each have an answer", () => {
    const { title, description, questions } = knowledgeBase.pricingFaq;
    expect(files.pricingFaq.data).toMatchObject({ title, description });
    expect(description).not.toBe("");
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.filter((q) => !q.question.endsWith("?") || !q.answer)).toEqual([]);
  });
});
