import { expect, it } from "vitest";
import type { ApiOperation } from "./api-operation.ts";
import { OPERATIONS } from "./operations.ts";

const operations = Object.entries(OPERATIONS) as Array<[string, ApiOperation]>;

it("declares a path parameter for every :name in an operation's path, and no other", () => {
  for (const [id, operation] of operations) {
    const inPath = [...operation.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
    expect(Object.keys(operation.params?.shape ?? {}), id).toEqual(inPath);
  }
});

it("gives each method and path to one operation only", () => {
  const routes = operations.map(([, operation]) => `${operation.method} ${operation.url}`);
  expect(new Set(routes).size).toBe(routes.length);
});

it("reads a body only on operations that change something", () => {
  const withBody = operations.filter(([, operation]) => operation.body);
  expect(withBody.map(([, operation]) => operation.method)).not.toContain("GET");
});
