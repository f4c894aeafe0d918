import { describe, expect, it } from "vitest";
import { ContentError, parseContentFile } from "./front-matter.ts";

describe("reading a content file", () => {
  it("splits the front matter from the body and keeps dates as written", () => {
    const file = parseContentFile(
      "content/articles/a.md",
      "---\ntitle: A title\ndateCreated: 2024-09-12\ntags: [x, y]\n---\n\n# Body\n",
    );
    expect(file.data).toEqual({ title: "A title", dateCreated: "2024-09-12", tags: ["x", "y"] });
    expect(file.body).toBe("\n# Body\n");
  });

  it("treats a file without front-matter delimiters as all body with no metadata", () => {
    const raw = "title: not metadata\n\nJust words.";
    expect(parseContentFile("content/articles/b.md", raw)).toEqual({
      file: "content/articles/b.md",
      data: {},
      body: raw,
    });
  });

  it("accepts empty front matter and Windows line endings", () => {
    expect(parseContentFile("c.md", "---\n---\nBody").data).toEqual({});
    expect(parseContentFile("c.md", "---\r\ntitle: T\r\n---\r\nBody").data).toEqual({ title: "T" });
  });

  it("rejects front matter that is not valid YAML, naming the file", () => {
    const broken = "---\ntitle: [unclosed\n---\nBody";
    expect(() => parseContentFile("content/articles/broken.md", broken)).toThrow(ContentError);
    expect(() => parseContentFile("content/articles/broken.md", broken)).toThrow(
      /^content\/articles\/broken\.md: the front matter is not valid YAML/,
    );
  });

  it("rejects front matter that is a list or a bare value instead of fields", () => {
    expect(() => parseContentFile("d.md", "---\n- a\n- b\n---\n")).toThrow(/^d\.md: /);
    expect(() => parseContentFile("d.md", "---\njust text\n---\n")).toThrow(/^d\.md: /);
  });
});
