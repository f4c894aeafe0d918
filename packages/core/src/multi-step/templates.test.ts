import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { multiStepStructureSchema } from "./multi-step-schema.ts";
import { fillTemplate, multiStepTarget, secureReferences, templateNames } from "./templates.ts";

const names = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}$/);

function check(variables: Record<string, string>, steps: unknown[]) {
  return multiStepStructureSchema.parse({ variables, steps });
}

const request = (url: string, order_index = 1, name = `r${order_index}`) => ({
  name,
  type: "http_request",
  order_index,
  config: { url },
});

describe("variable templates", () => {
  it("lists the variables a text refers to, each once, in order", () => {
    expect(templateNames("{{base_url}}/v1/{{ id }}?t={{base_url}}")).toEqual(["base_url", "id"]);
    expect(templateNames("no {{ 1bad }} {{}} {single}")).toEqual([]);
  });

  it("fills every reference with its value", () => {
    expect(fillTemplate("Bearer {{token}}", { token: "abc" })).toEqual({ text: "Bearer abc" });
    expect(fillTemplate("{{a}}-{{ a }}", { a: "x" })).toEqual({ text: "x-x" });
  });

  it("names the first variable without a value", () => {
    expect(fillTemplate("{{a}}{{b}}{{c}}", { a: "1" })).toEqual({ missing: "b" });
    expect(fillTemplate("{{constructor}}", {})).toEqual({ missing: "constructor" });
  });

  it("does not fill a value's own references again", () => {
    expect(fillTemplate("{{a}}", { a: "{{b}}", b: "no" })).toEqual({ text: "{{b}}" });
  });

  it("leaves text without references unchanged, for every text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        if (templateNames(text).length > 0) return;
        expect(fillTemplate(text, {})).toEqual({ text });
      }),
    );
  });

  it("puts each value where its reference was, for every name and value", () => {
    fc.assert(
      fc.property(names, fc.string(), fc.string(), fc.string(), (name, value, before, after) => {
        fc.pre(!before.includes("{") && !after.includes("}"));
        const filled = fillTemplate(`${before}{{${name}}}${after}`, { [name]: value });
        expect(filled).toEqual({ text: `${before}${value}${after}` });
      }),
    );
  });
});

describe("secure variable references", () => {
  it("lists the secure variables a check uses, each once and sorted", () => {
    const options = check({ b: "secure:zeta", a: "secure:alpha", c: "plain", d: "secure:alpha" }, [
      request("https://a.test"),
    ]);
    expect(secureReferences(options)).toEqual(["alpha", "zeta"]);
  });
});

describe("the target shown for a multi-step monitor", () => {
  it("is the first request's URL with plain variables filled in", () => {
    const options = check({ base_url: "https://api.example.com", key: "secure:api_key" }, [
      request("{{base_url}}/v2/{{later}}", 2, "second"),
      request("{{base_url}}/v1/login?key={{key}}&x={{unknown}}", 1, "first"),
    ]);
    expect(multiStepTarget(options)).toBe(
      "https://api.example.com/v1/login?key={{key}}&x={{unknown}}",
    );
  });

  it("says multi-step check when no step sends a request", () => {
    const options = check({}, [
      { name: "pause", type: "wait", order_index: 1, config: { seconds: 1 } },
    ]);
    expect(multiStepTarget(options)).toBe("multi-step check");
  });

  it("never shows a secure variable's name as a value, and stays within 2,000 characters", () => {
    fc.assert(
      fc.property(names, fc.string({ maxLength: 3000 }), (name, plain) => {
        const options = check({ secret: "secure:vault", [name]: plain }, [
          request(`https://a.test/{{${name}}}/{{secret}}`),
        ]);
        const target = multiStepTarget(options);
        expect(target.length).toBeLessThanOrEqual(2000);
        if (name !== "secret") expect(target).not.toContain("secure:vault");
      }),
    );
  });
});
