import { expect, it } from "vitest";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";

describeEachDatabase("answers for requests that go wrong", (db) => {
  it("answers an unknown API path with 404 and a detail, not a page", async () => {
    const app = await buildTestApp(db());
    const response = await app.inject({ method: "GET", url: "/api/v1/nothing-here?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "There is nothing at GET /api/v1/nothing-here." });
    await app.close();
  });

  it("answers a POST to an unknown path with a JSON 404", async () => {
    const app = await buildTestApp(db());
    const response = await app.inject({ method: "POST", url: "/nowhere", payload: { a: 1 } });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe("There is nothing at POST /nowhere.");
    await app.close();
  });

  it("sets the hardening headers on every response", async () => {
    const app = await buildTestApp(db());
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["x-powered-by"]).toBeUndefined();
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    await app.close();
  });

  it("adds HSTS when the site is served over HTTPS", async () => {
    const app = await buildTestApp(db(), { env: { PUBLIC_URL: "https://status.example.com" } });
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(response.headers["strict-transport-security"]).toContain("max-age=31536000");
    await app.close();
  });
});
