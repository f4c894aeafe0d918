import { existsSync, readFileSync } from "node:fs";
import { ALERT_CHANNELS, CHANNEL_TYPES } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { NOTIFICATION_PROVIDERS } from "./index.ts";

const ARTICLES = new URL("../../../../../content/articles/", import.meta.url);

describe("the channel types", () => {
  it.each(CHANNEL_TYPES.map((type) => [type.id, type] as const))(
    "%s has a provider that sends and a help-centre article under its slug",
    (id, type) => {
      const provider = NOTIFICATION_PROVIDERS[id];
      expect(provider?.sendAlert).toBeTypeOf("function");
      expect(provider?.sendRecovery).toBeTypeOf("function");
      const article = new URL(`${type.article}.md`, ARTICLES);
      expect(existsSync(article), `content/articles/${type.article}.md`).toBe(true);
      expect(readFileSync(article, "utf8")).toContain(`\nslug: ${type.article}\n`);
    },
  );

  it("have providers for exactly the types the core list names, in its order", () => {
    expect(Object.keys(NOTIFICATION_PROVIDERS)).toEqual(ALERT_CHANNELS);
  });
});
