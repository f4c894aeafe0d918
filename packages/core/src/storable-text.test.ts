import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isStorableText, MAX_ID_LENGTH, storableId, storableText } from "./storable-text.ts";

describe("storable text", () => {
  it("refuses NUL characters and unpaired surrogates, and accepts paired ones", () => {
    expect(isStorableText("Home page")).toBe(true);
    expect(isStorableText("Café ☕ 😀 line\nbreak\ttab")).toBe(true);
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("a\ud800b")).toBe(false);
    expect(isStorableText("a\udc00b")).toBe(false);
    expect(isStorableText("\ude00\ud83d")).toBe(false);
  });

  it("accepts exactly the text that survives a round trip through UTF-8 without NUL", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const survives = Buffer.from(text, "utf8").toString("utf8") === text;
        expect(isStorableText(text)).toBe(survives && !text.includes("\u0000"));
      }),
    );
  });

  it("names the field in its sentence and reports it before any other problem", () => {
    const name = z.string().check(storableText("The name")).trim().min(1).max(3);
    const result = name.safeParse("\u0000 too long");
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "The name must not contain NUL characters or broken Unicode.",
    ]);
  });

  it("takes an id of up to 100 characters and refuses a longer one in a sentence naming the field", () => {
    const monitorId = storableId("monitor_id");
    expect(monitorId.safeParse("mon_K3zZ1aQ9pL0xW2vB").success).toBe(true);
    expect(monitorId.safeParse("m".repeat(MAX_ID_LENGTH)).success).toBe(true);
    expect(monitorId.safeParse("m".repeat(MAX_ID_LENGTH + 1)).error?.issues[0]?.message).toBe(
      "monitor_id is too long to be an id.",
    );
    expect(monitorId.safeParse("mon\u0000").error?.issues[0]?.message).toBe(
      "monitor_id must not contain NUL characters or broken Unicode.",
    );
  });
});
