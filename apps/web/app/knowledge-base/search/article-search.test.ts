import { describe, expect, it } from "vitest";
import type { Article } from "../content/article.ts";
import { knowledgeBase } from "../content/bundled.ts";
import { createArticleSearch } from "./article-search.ts";

function article(slug: string, fields: Partial<Article>): Article {
  return {
    slug,
    title: slug,
    description: "",
    category: "checks",
    tags: [],
    dateCreated: "2024-01-01",
    dateUpdated: "2024-01-01",
    readingTime: "1 min",
    content: "",
    path: `/knowledge-base/${slug}`,
    ...fields,
  };
}

const filler = "Monitors run on a schedule and report what they find. ".repeat(200);
const articles = [
  article("ping", { title: "Ping monitoring", description: "ICMP echo checks", tags: ["ping"] }),
  article("deep", { title: "Deep article", content: `${filler}\n\nThe word zeppelin ends it.` }),
  article("body-ping", { title: "Other", content: "You can also ping a host." }),
  article("tls", {
    title: "Certificates",
    content: "Agents insist on TLS 1.3 and cpu_threshold 80.",
  }),
];
const search = createArticleSearch(articles);
const slugs = (query: string) => search.search(query).map((hit) => hit.article.slug);

describe("searching articles", () => {
  it("finds nothing for a query shorter than two characters", () => {
    expect(slugs("p")).toEqual([]);
    expect(slugs("  z ")).toEqual([]);
  });

  it("finds a word at the very end of a long body", () => {
    expect(slugs("zeppelin")).toEqual(["deep"]);
  });

  it("forgives a typo", () => {
    expect(slugs("zepelin")).toEqual(["deep"]);
    expect(slugs("certficates")).toEqual(["tls"]);
  });

  it("ranks a match in the title above the same word in a body", () => {
    expect(slugs("ping")).toEqual(["ping", "body-ping"]);
  });

  it("requires every word of the query to match somewhere in the article", () => {
    expect(slugs("ping host")).toEqual(["body-ping"]);
    expect(slugs("ping zeppelin")).toEqual([]);
  });

  it("finds configuration keys and versions written with punctuation", () => {
    expect(slugs("cpu_threshold")).toEqual(["tls"]);
    expect(slugs("threshold")).toEqual(["tls"]);
    expect(slugs("tls 1.3")).toEqual(["tls"]);
  });

  it("stops at the requested number of hits", () => {
    expect(search.search("monitors", 1)).toHaveLength(1);
  });

  it("tells which words matched, for highlighting", () => {
    const [hit] = search.search("zepelin");
    expect([...(hit?.words ?? [])]).toContain("zeppelin");
  });

  it("finds the real Linux agent article by a word deep in its body", () => {
    const real = createArticleSearch(knowledgeBase.articles);
    const linux = knowledgeBase.articles.find((a) => a.slug === "linux-agent");
    expect(linux?.content).toMatch(/journalctl/);
    expect(real.search("journalctl").map((hit) => hit.article.slug)).toContain("linux-agent");
  });
});
