import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { jsonPathProblem, queryJsonPath } from "./json-path.ts";

const flagged = globalThis as { __jsonPathRan?: boolean };
const document = { data: { token: "abc", items: [{ id: 7 }, { id: 8 }] }, "a.b": 3 };

describe("JSONPath in multi-step checks", () => {
  afterEach(() => {
    delete flagged.__jsonPathRan;
  });

  it("finds values by plain paths, wildcards and recursive descent", () => {
    expect(queryJsonPath(document, "$.data.token")).toEqual(["abc"]);
    expect(queryJsonPath(document, "$.data.items[0].id")).toEqual([7]);
    expect(queryJsonPath(document, "$.data.items[*].id")).toEqual([7, 8]);
    expect(queryJsonPath(document, "$..id")).toEqual([7, 8]);
    expect(queryJsonPath(document, "$['a.b']")).toEqual([3]);
  });

  it("returns nothing when a path matches nothing or the document is not JSON", () => {
    expect(queryJsonPath(document, "$.data.missing")).toEqual([]);
    expect(queryJsonPath(null, "$.data")).toEqual([]);
    expect(queryJsonPath("text", "$.data")).toEqual([]);
  });

  it("accepts the paths the help centre shows", () => {
    for (const path of ["$.data.token", "$.items[0].id", "$.data[0].id", "$..id", "$['a b']"]) {
      expect(jsonPathProblem(path)).toBeUndefined();
    }
  });

  it("refuses paths that do not start at the document root", () => {
    expect(jsonPathProblem("data.token")).toBe(
      "the JSONPath data.token must start with $, as in $.data.token.",
    );
    expect(jsonPathProblem("")).toBe("the JSONPath is empty.");
  });

  it("refuses filter and script expressions, which would run code", () => {
    for (const path of ["$..[?(@.id==7)]", "$.items[(@.length-1)]", "$[?(@.a)]"]) {
      expect(jsonPathProblem(path)).toMatch(/filter or script expression/);
    }
  });

  it("refuses paths with open brackets or quotes", () => {
    expect(jsonPathProblem("$.data[")).toBe("the JSONPath $.data[ has unbalanced brackets.");
    expect(jsonPathProblem("$['data]")).toBe(
      "the JSONPath $['data] has a quote that is never closed.",
    );
  });

  it("does not run code hidden in a filter expression, whether refused at save or sent anyway", () => {
    const attacks = [
      "$[?(@.constructor.constructor('globalThis.__jsonPathRan = true')())]",
      "$..[?(this.constructor.constructor('globalThis.__jsonPathRan = true')())]",
      "$[?(@property.constructor.constructor('return process')().exit())]",
      "$.data[(globalThis.__jsonPathRan = true)]",
    ];
    for (const path of attacks) {
      expect(jsonPathProblem(path)).toBeDefined();
      let found: unknown[] = [];
      try {
        found = queryJsonPath(document, path);
      } catch (error) {
        expect(String(error)).toMatch(/prevented|eval/i);
      }
      expect(found).toEqual([]);
      expect(flagged.__jsonPathRan).toBeUndefined();
    }
  });

  it("never throws when judging a path, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (path) => {
        const problem = jsonPathProblem(`$${path}`);
        expect(problem === undefined || /^the JSONPath/.test(problem)).toBe(true);
      }),
    );
  });

  it("can query every path it accepts without running code", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.jsonValue(), (path, json) => {
        if (jsonPathProblem(`$${path}`) !== undefined) return;
        expect(Array.isArray(queryJsonPath(json, `$${path}`))).toBe(true);
        expect(flagged.__jsonPathRan).toBeUndefined();
      }),
    );
  });
});
