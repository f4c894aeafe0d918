import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { articleExample } from "./article-example.test-support.ts";
import { dependencyCycle, multiStepIssues } from "./multi-step-rules.ts";
import { multiStepStructureSchema, stepSchema } from "./multi-step-schema.ts";

type Step = Record<string, unknown> & { config?: Record<string, unknown> };

function issues(steps: Step[], variables: Record<string, string> = {}) {
  return multiStepIssues(multiStepStructureSchema.parse({ variables, steps }));
}

function messages(steps: Step[], variables: Record<string, string> = {}) {
  return issues(steps, variables).map((issue) => issue.message);
}

const get = (name: string, order_index: number, extra: Partial<Step> = {}): Step => ({
  name,
  type: "http_request",
  order_index,
  config: { url: "https://a.test" },
  ...extra,
});

const assertion = (config: Record<string, unknown>, order_index = 2): Step => ({
  name: "check",
  type: "assertion",
  order_index,
  config,
});

describe("the rules of a multi-step check", () => {
  it("find nothing wrong with the help centre's example", () => {
    const { variables, steps } = articleExample();
    expect(issues(steps, variables)).toEqual([]);
  });

  it("refuse two steps with one name, or one position", () => {
    expect(messages([get("login", 1), get("login", 2)])).toEqual(['Two steps are named "login".']);
    expect(issues([get("a", 3), get("b", 3)])).toEqual([
      {
        path: ["steps", 1, "order_index"],
        message: 'Steps "a" and "b" share order_index 3; give each step its own position.',
      },
    ]);
  });

  it("refuse dependencies on missing, later or the same steps", () => {
    const on = (names: string[] | string) => ({
      dependencies: { depends_on: names, dependency_type: "success" },
    });
    expect(issues([get("a", 1), get("extract_token", 2, on("nope"))])).toEqual([
      {
        path: ["steps", 1, "dependencies", "depends_on"],
        message:
          'Step "extract_token": depends_on names "nope", which is not a step of this check.',
      },
    ]);
    expect(messages([get("a", 1, on("b")), get("b", 2)])).toEqual([
      'Step "a": depends_on names "b" (order_index 2), which does not run before this step (order_index 1); a step can only depend on earlier steps.',
    ]);
    expect(messages([get("a", 1, on("a"))])[0]).toBe(
      'Step "a": depends_on names the step itself; a step can only depend on earlier steps.',
    );
  });

  it("name the steps of a dependency cycle", () => {
    const on = (name: string) => ({ dependencies: { depends_on: name } });
    const steps = [get("a", 1, on("b")), get("b", 1, on("a"))];
    expect(messages(steps)).toContain(
      'Step "a": the dependencies form a cycle: "a" -> "b" -> "a".',
    );
  });

  it("find no cycle where every step depends only on earlier ones, for any such check", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.nat(), { maxLength: 3 }), { minLength: 1, maxLength: 25 }),
        (picks) => {
          const steps = picks.map((pick, index) => {
            const earlier = pick.filter(() => index > 0).map((n) => `s${n % index}`);
            return get(
              `s${index}`,
              index + 1,
              earlier.length ? { dependencies: { depends_on: earlier } } : {},
            );
          });
          const parsed = multiStepStructureSchema.parse({ steps });
          expect(dependencyCycle(parsed.steps)).toBeUndefined();
          expect(
            multiStepIssues(parsed).filter((i) => /cycle|earlier steps|not a step/.test(i.message)),
          ).toEqual([]);
        },
      ),
    );
  });

  it("need a path to extract from a body or headers, and a valid JSONPath", () => {
    const extract = (config: Record<string, unknown>): Step => ({
      name: "grab",
      type: "extract",
      order_index: 2,
      config: { to_variable: "token", ...config },
    });
    expect(messages([get("a", 1), extract({ from: "body" })])).toEqual([
      'Step "grab": config.path is required when extracting from body: a JSONPath such as $.data.token.',
    ]);
    expect(messages([get("a", 1), extract({ from: "headers" })])[0]).toMatch(/a header name/);
    expect(messages([get("a", 1), extract({ from: "status" })])).toEqual([]);
    expect(issues([get("a", 1), extract({ from: "body", path: "$[?(@.x)]" })])[0]?.path).toEqual([
      "steps",
      1,
      "config",
      "path",
    ]);
  });

  it("need a path for json_path and header assertions", () => {
    expect(messages([get("a", 1), assertion({ type: "json_path", operator: "exists" })])).toEqual([
      'Step "check": config.path is required for a json_path assertion: the JSONPath to read.',
    ]);
    expect(
      messages([get("a", 1), assertion({ type: "header", operator: "equals", expected: "x" })]),
    ).toEqual(['Step "check": config.path is required for a header assertion: the header name.']);
    expect(
      messages([get("a", 1), assertion({ type: "json_path", path: "data", operator: "exists" })]),
    ).toEqual([
      'Step "check": config.path: the JSONPath data must start with $, as in $.data.token.',
    ]);
  });

  it("need an expected value except for exists, and numbers where numbers are compared", () => {
    const one = (config: Record<string, unknown>) => messages([get("a", 1), assertion(config)]);
    expect(one({ type: "status_code", operator: "equals" })).toEqual([
      'Step "check": config.expected is required with the equals operator.',
    ]);
    expect(one({ type: "status_code", operator: "equals", expected: "200" })).toEqual([
      'Step "check": config.expected must be a number for a status_code assertion (a status code such as 200).',
    ]);
    expect(one({ type: "response_time", operator: "less_than", expected: 800 })).toEqual([]);
    expect(
      one({ type: "json_path", path: "$.n", operator: "greater_than", expected: "many" }),
    ).toEqual(['Step "check": config.expected must be a number with the greater_than operator.']);
    expect(
      one({ type: "json_path", path: "$.n", operator: "greater_than", expected: "5" }),
    ).toEqual([]);
    expect(one({ type: "response_time", operator: "exists" })[0]).toMatch(/exists does not apply/);
    expect(one({ type: "status_code", operator: "contains", expected: 2 })[0]).toMatch(
      /contains does not apply/,
    );
  });

  it("refuse references to variables no earlier step sets", () => {
    const extract: Step = {
      name: "grab",
      type: "extract",
      order_index: 2,
      config: { from: "status", to_variable: "code" },
    };
    const use = get("use", 3, {
      config: { url: "https://a.test/{{code}}", headers: { "X-Key": "{{key}}" } },
    });
    expect(issues([get("a", 1), extract, use], { key: "k" })).toEqual([]);
    expect(issues([get("a", 1), use], { key: "k" })).toEqual([
      {
        path: ["steps", 1, "config", "url"],
        message:
          'Step "use": config.url refers to {{code}}, which is neither in variables nor set by an earlier extract step.',
      },
    ]);
    const script: Step = {
      name: "s",
      type: "script",
      order_index: 2,
      config: { source: "vars.code = 1" },
    };
    expect(issues([get("a", 1), script, use], { key: "k" })).toEqual([]);
  });

  it("refuse more than 25 steps", () => {
    const steps = Array.from({ length: 26 }, (_, index) => get(`s${index}`, index + 1));
    const options = { variables: {}, steps: steps.map((step) => stepSchema.parse(step)) };
    expect(multiStepIssues(options)[0]?.message).toBe(
      "A multi-step check can have at most 25 steps; this one has 26.",
    );
  });

  it("refuse a secure reference that names no possible secure variable", () => {
    expect(
      issues([get("a", 1)], { password: "secure:", ok: "secure:orders_api_password" }),
    ).toEqual([
      {
        path: ["variables", "password"],
        message:
          "variables.password: secure: does not name a secure variable; write secure: followed by the name saved under Settings > Secure variables.",
      },
    ]);
  });
});
