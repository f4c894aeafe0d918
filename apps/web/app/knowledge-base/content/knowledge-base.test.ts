import { describe, expect, it } from "vitest";
import type { ContentFile } from "./front-matter.ts";
import { buildKnowledgeBase, relatedArticles } from "./knowledge-base.ts";

function file(slug: string, category: string, tags: string[], extra = {}): ContentFile {
  return {
    file: `content/articles/${slug}.md`,
    data: { slug, title: slug.toUpperCase(), category, tags, ...extra },
    body: "",
  };
}

const pricingFaq = { file: "content/pricing-faq.md", data: {}, body: "" };

describe("the knowledge base built from its files", () => {
  const kb = buildKnowledgeBase({
    articles: [
      file("a", "agents", ["linux"]),
      file("b", "agents", []),
      file("c", "alerts", ["linux", "email"]),
      file("d", "alerts", ["email"]),
      file("e", "billing", []),
      file("f", "agents", [], { featured: true }),
    ],
    guides: [],
    pricingFaq,
  });

  it("lists the six categories in order, each with its articles, featured first", () => {
    expect(kb.categories.map((c) => c.id)).toEqual([
      "agents",
      "alerts",
      "checks",
      "features",
      "billing",
      "technical",
    ]);
    expect(kb.categories[0]?.articles.map((a) => a.slug)).toEqual(["f", "a", "b"]);
    expect(kb.categories[2]?.articles).toEqual([]);
  });

  it("relates articles of the same category or sharing a tag, never the article itself", () => {
    const a = kb.articles.find((article) => article.slug === "a");
    expect(a && relatedArticles(kb, a).map((r) => r.slug)).toEqual(["b", "f", "c"]);
  });

  it("relates at most five articles", () => {
    const many = buildKnowledgeBase({
      articles: Array.from({ length: 9 }, (_, i) => file(`x${i}`, "checks", [])),
      guides: [],
      pricingFaq,
    });
    const first = many.articles[0];
    expect(first && relatedArticles(many, first)).toHaveLength(5);
  });

  it("refuses two articles with the same slug, naming both files", () => {
    const twice = () =>
      buildKnowledgeBase({
        articles: [file("same", "agents", []), { ...file("same", "alerts", []), file: "other.md" }],
        guides: [],
        pricingFaq,
      });
    expect(twice).toThrow(
      /other\.md: the slug "same" is already used by content\/articles\/same\.md/,
    );
  });

  it("reads pricing questions from the FAQ's second-level headings", () => {
    const withFaq = buildKnowledgeBase({
      articles: [],
      guides: [],
      pricingFaq: {
        file: "content/pricing-faq.md",
        data: { title: "Pricing FAQ", description: "Answers." },
        body: "Intro.\n\n## Is it **free**?\n\nYes.\n\nReally.\n\n## Can I cancel?\nAny time.\n",
      },
    });
    expect(withFaq.pricingFaq).toEqual({
      title: "Pricing FAQ",
      description: "Answers.",
      intro: "Intro.",
      questions: [
        { id: "is-it-free", question: "Is it free?", answer: "Yes.\n\nReally." },
        { id: "can-i-cancel", question: "Can I cancel?", answer: "Any time." },
      ],
    });
  });
});
