import { describe, expect, it } from "vitest";
import { PageCache } from "./page-cache.ts";

describe("the status page answer cache", () => {
  it("keeps a real page while made-up addresses of it are answered 404", async () => {
    const cache = new PageCache(2);
    let renders = 0;
    const page = async () => {
      renders += 1;
      return { body: "<p>Acme</p>", type: "text/html" };
    };
    const missing = async () => ({ status: 404, body: "", type: "text/html" });
    await cache.answer("sp_1", "page", 1, 0, page);
    for (let n = 0; n < 5; n += 1) {
      const answer = await cache.answer("sp_1", `incident inc_${n}`, 1, 0, missing);
      expect(answer.status).toBe(404);
    }
    const again = await cache.answer("sp_1", "page", 1, 0, page);
    expect(again.body.toString()).toBe("<p>Acme</p>");
    expect(renders).toBe(1);
  });
});
