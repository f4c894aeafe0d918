import { describe, expect, it } from "vitest";
import { toArticle } from "./article.ts";
import { categoryIcon } from "./categories.ts";

describe("an article built from its file", () => {
  it("falls back to the file name, uncategorized, no tags and five minutes", () => {
    const article = toArticle({ file: "content/articles/bare.md", data: {}, body: "Words." });
    expect(article).toEqual({
      slug: "bare",
      title: "bare",
      description: "",
      category: "uncategorized",
      tags: [],
      dateCreated: "",
      dateUpdated: "",
      readingTime: "5 min",
      content: "Words.",
      path: "/knowledge-base/bare",
    });
  });

  it("takes every field of complete front matter", () => {
    const article = toArticle({
      file: "content/articles/x.md",
      data: {
        slug: "linux-agent",
        title: "Installing the Linux Agent",
        description: "How to.",
        category: "agents",
        tags: ["linux", "agents"],
        dateCreated: "2024-07-08",
        dateUpdated: "2024-12-18",
        readingTime: "6 min",
        version: 2.1,
        featured: true,
      },
      body: "Body",
    });
    expect(article).toMatchObject({
      slug: "linux-agent",
      title: "Installing the Linux Agent",
      category: "agents",
      tags: ["linux", "agents"],
      readingTime: "6 min",
      version: "2.1",
      featured: true,
      path: "/knowledge-base/linux-agent",
    });
  });

  it("titles an article without a title by its slug", () => {
    const article = toArticle({ file: "f.md", data: { slug: "given-slug" }, body: "" });
    expect(article.title).toBe("given-slug");
  });
});

describe("category icons", () => {
  it("draws an icon we do not have as code", () => {
    expect(categoryIcon("bell")).toBe("bell");
    expect(categoryIcon("rocket")).toBe("code");
  });
});
