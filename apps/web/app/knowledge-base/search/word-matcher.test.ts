import fc from "fast-check";
import Fuse from "fuse.js";
import { describe, expect, it } from "vitest";
import { knowledgeBase } from "../content/bundled.ts";
import { plainText } from "./plain-text.ts";
import { searchTokens } from "./tokens.ts";
import { createWordMatcher } from "./word-matcher.ts";

const words = [
  ...new Set(knowledgeBase.articles.flatMap((a) => searchTokens(plainText(a.content)))),
];
const options = { threshold: 0.3, minMatchCharLength: 2, ignoreLocation: true, includeScore: true };
const plainFuse = new Fuse(words, options);
const matcher = createWordMatcher(words, options);

describe("matching a term against the indexed words", () => {
  it("gives exactly what Fuse.js gives over all the words, for any typo of a real word", () => {
    const typo = fc
      .tuple(fc.constantFrom(...words), fc.nat(), fc.constantFrom("drop", "swap", "add", "keep"))
      .map(([word, at, edit]) => {
        const i = at % word.length;
        if (edit === "drop") return word.slice(0, i) + word.slice(i + 1);
        if (edit === "swap") return `${word.slice(0, i)}x${word.slice(i + 1)}`;
        if (edit === "add") return `${word.slice(0, i)}q${word.slice(i)}`;
        return word;
      })
      .filter((term) => term.length >= 2);
    fc.assert(
      fc.property(typo, (term) => {
        const expected = plainFuse.search(term).map((r) => r.item);
        expect(new Set(matcher(term).map((m) => m.word))).toEqual(new Set(expected));
      }),
      { numRuns: 300 },
    );
  });
});
