import { OPERATIONS } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import { OP } from "./operation-routes.ts";

describe("the app's table of where each operation lives", () => {
  it("gives every operation the method and url the API declares", () => {
    for (const [name, route] of Object.entries(OP)) {
      const operation = OPERATIONS[name as keyof typeof OPERATIONS];
      expect({ method: route.method, url: route.url }, name).toEqual({
        method: operation.method,
        url: operation.url,
      });
    }
  });
});
