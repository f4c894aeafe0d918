import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";

vi.mock("../../knowledge-base/content/bundled.ts", async () => {
  const { buildKnowledgeBase } = await import("../../knowledge-base/content/knowledge-base.ts");
  const article = {
    file: "content/articles/only.md",
    data: { slug: "only", title: "The only article", category: "agents", tags: [] },
    body: "",
  };
  const pricingFaq = { file: "content/pricing-faq.md", data: {}, body: "" };
  return { knowledgeBase: buildKnowledgeBase({ articles: [article], guides: [], pricingFaq }) };
});

const { CategoryView, loader } = await import("./category.tsx");

function render(path: string): string {
  const category = loader({ params: { categoryId: path.split("/").at(-1) } });
  if (!category) throw new Error(`No category at ${path}`);
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      { initialEntries: [path] },
      createElement(CategoryView, { category }),
    ),
  );
}

describe("a category page", () => {
  it("says an empty category has no articles yet and offers a way back", () => {
    const html = render("/knowledge-base/category/billing");
    expect(html).toContain("<h1>Billing &amp; Plans</h1>");
    expect(html).toContain("No articles found in this category yet.");
    expect(html).toMatch(
      /<a class="button button-primary" href="\/knowledge-base"[^>]*>Back to Knowledge Base<\/a>/,
    );
  });

  it("lists the articles of a category that has some", () => {
    const html = render("/knowledge-base/category/agents");
    expect(html).toContain("The only article");
    expect(html).not.toContain("No articles found");
  });
});
