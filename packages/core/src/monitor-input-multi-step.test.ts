import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMonitorSchema, describeMonitorIssue, updateMonitorSchema } from "./monitor-input.ts";
import { articleExample } from "./multi-step/article-example.test-support.ts";
import { VARIABLE_NAME } from "./multi-step/multi-step-schema.ts";

function problem(input: unknown): string | null {
  const parsed = createMonitorSchema.safeParse(input);
  return parsed.success ? null : describeMonitorIssue(parsed.error, input);
}

function configAt(example: { steps: Record<string, unknown>[] }, index: number) {
  const config = example.steps[index]?.config;
  if (typeof config !== "object" || config === null)
    throw new Error(`Step ${index} has no config.`);
  return config as Record<string, unknown>;
}

function issuePath(input: unknown) {
  const parsed = createMonitorSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.path;
}

describe("multi-step monitor input", () => {
  it("accepts the help centre's example as it stands, as a multi-step monitor", () => {
    const example = articleExample();
    const monitor = createMonitorSchema.parse(example);
    expect(monitor.type).toBe("multi_step");
    expect(monitor.target).toBe("https://api.example.com/v1/auth/login");
    expect(monitor.options).toMatchObject({
      variables: { password: "secure:orders_api_password" },
    });
    if (monitor.type !== "multi_step") throw new Error("not a multi-step monitor");
    expect(monitor.options.steps.map((step) => step.name)).toEqual(
      example.steps.map((step) => step.name),
    );
  });

  it("accepts the same check with its variables and steps inside options", () => {
    const { variables, steps, ...rest } = articleExample();
    const monitor = createMonitorSchema.parse({
      ...rest,
      type: "multi_step",
      options: { variables, steps },
    });
    expect(monitor).toEqual(createMonitorSchema.parse(articleExample()));
  });

  it("refuses a target, since the check's first request is its target", () => {
    expect(problem({ ...articleExample(), target: "https://api.example.com" })).toBe(
      "A multi-step monitor has no target: lists show its first http_request step's URL. Leave target out.",
    );
  });

  it("refuses steps sent with another type, or both at the top level and in options", () => {
    expect(problem({ ...articleExample(), type: "http" })).toBe(
      "variables and steps belong to a multi-step check; a http monitor takes neither (send type multi_step, or leave type out).",
    );
    expect(problem({ ...articleExample(), options: { steps: [] } })).toBe(
      "Send variables and steps either at the top level or inside options, not both.",
    );
    expect(problem({ type: "multi_step", name: "x" })).toBe(
      "A multi-step monitor needs steps: send variables and steps, as in the help centre's example.",
    );
  });

  it("names the step and field of a missing URL", () => {
    const example = articleExample();
    delete configAt(example, 0).url;
    expect(problem(example)).toBe('Step "login": config.url is required.');
    expect(issuePath(example)).toEqual(["options", "steps", 0, "config", "url"]);
  });

  it("names a step by its position when it has no name", () => {
    const example = articleExample();
    delete example.steps[3]?.name;
    expect(problem(example)).toBe("Step 4: name is required.");
  });

  it("names the step of an unknown type, a bad dependency or a duplicate name", () => {
    const unknownType = articleExample();
    (unknownType.steps[1] as Record<string, unknown>).type = "ftp";
    expect(problem(unknownType)).toBe(
      'Step "login_ok": type must be one of http_request, extract, assertion, wait, script.',
    );
    const dependency = articleExample();
    (dependency.steps[2] as Record<string, unknown>).dependencies = { depends_on: "nope" };
    expect(problem(dependency)).toBe(
      'Step "extract_token": depends_on names "nope", which is not a step of this check.',
    );
    const twice = articleExample();
    (twice.steps[1] as Record<string, unknown>).name = "login";
    expect(problem(twice)).toBe('Two steps are named "login".');
  });

  it("refuses an invalid JSONPath, more than 25 steps and a body over 64 KiB", () => {
    const path = articleExample();
    configAt(path, 5).path = "$..[?(@.id)]";
    expect(problem(path)).toMatch(/^Step "orders_present": config\.path: the JSONPath/);
    const many = articleExample();
    many.steps = Array.from({ length: 26 }, (_, index) => ({
      name: `s${index}`,
      type: "wait",
      order_index: index + 1,
      config: { seconds: 1 },
    }));
    expect(problem(many)).toBe("steps can hold at most 25 steps.");
    const big = articleExample();
    configAt(big, 0).body = "x".repeat(65_537);
    expect(problem(big)).toBe('Step "login": config.body can be at most 64 KiB.');
  });

  it("names the variable of a bad variable", () => {
    const example = articleExample();
    (example.variables as Record<string, unknown>).password = 42;
    expect(problem(example)).toBe("variables.password: must be text.");
    expect(issuePath(example)).toEqual(["options", "variables", "password"]);
  });

  it("refuses __proto__ as a variable name, since no value could be kept under it", () => {
    const example = articleExample();
    (example.steps[2]?.config as Record<string, unknown>).to_variable = "__proto__";
    expect(createMonitorSchema.safeParse(example).success).toBe(false);
    expect(VARIABLE_NAME.test("__proto__")).toBe(false);
    expect(VARIABLE_NAME.test("__proto")).toBe(true);
  });

  it("takes a changed multi-step check's variables and steps at the top level", () => {
    const { variables, steps } = articleExample();
    expect(updateMonitorSchema.parse({ name: "New", variables, steps })).toEqual({
      name: "New",
      type: "multi_step",
      options: { variables, steps },
      partialOptions: true,
    });
    expect(updateMonitorSchema.safeParse({ type: "http", steps }).success).toBe(false);
    expect(updateMonitorSchema.safeParse({ steps, options: { steps } }).success).toBe(false);
    expect(updateMonitorSchema.parse({ options: { variables, steps } })).toEqual({
      options: { variables, steps },
    });
  });
});

describe("multi-step monitor input, whatever is sent", () => {
  const sentence = /^[^\s].*[.!?]$/s;

  it("answers every changed example with acceptance or one sentence, never an exception", () => {
    const fields = ["name", "type", "order_index", "config", "dependencies", "url", "path"];
    fc.assert(
      fc.property(
        fc.nat({ max: 8 }),
        fc.constantFrom(...fields),
        fc.jsonValue({ maxDepth: 3 }),
        (index, field, value) => {
          const example = articleExample();
          const step = example.steps[index] as Record<string, unknown>;
          if (field === "url" || field === "path") {
            (step.config as Record<string, unknown>)[field] = value;
          } else step[field] = value;
          const parsed = createMonitorSchema.safeParse(example);
          if (!parsed.success)
            expect(describeMonitorIssue(parsed.error, example)).toMatch(sentence);
        },
      ),
    );
  });

  it("answers any JSON body with acceptance or one sentence, never an exception", () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            type: fc.constantFrom("multi_step", undefined),
            variables: fc.jsonValue(),
            steps: fc.jsonValue(),
          },
          { requiredKeys: [] },
        ),
        (body) => {
          const input = { name: "x", ...body };
          const parsed = createMonitorSchema.safeParse(input);
          if (!parsed.success) expect(describeMonitorIssue(parsed.error, input)).toMatch(sentence);
        },
      ),
    );
  });
});

describe("multi-step monitor input, in words", () => {
  it("says what a wrongly typed field should be, naming the step", () => {
    const config = articleExample();
    (config.steps[0] as Record<string, unknown>).config = [];
    expect(problem(config)).toBe('Step "login": config must be an object.');
    const expected = articleExample();
    configAt(expected, 1).expected = [200];
    expect(problem(expected)).toBe('Step "login_ok": config.expected must be text or a number.');
    const extra = articleExample();
    configAt(extra, 0).retries = 3;
    expect(problem(extra)).toBe('Step "login": unknown field in config: retries.');
  });

  it("says which variable name is not allowed", () => {
    const example = articleExample();
    (example.variables as Record<string, unknown>)["1st"] = "x";
    expect(problem(example)).toBe(
      "variables: 1st is not a variable name; names start with a letter or _ and hold only letters, digits and _ (at most 64 characters), other than __proto__.",
    );
  });
});

describe("multi-step monitor input, as the server reads it", () => {
  it("names the step even when only the parse error is at hand", () => {
    const example = articleExample();
    delete configAt(example, 3).url;
    const parsed = createMonitorSchema.safeParse(example);
    if (parsed.success) throw new Error("A step without a URL was accepted.");
    expect(describeMonitorIssue(parsed.error)).toBe('Step "list_orders": config.url is required.');
  });

  it("validates a changed check merged with the stored one, its target left out", () => {
    const stored = createMonitorSchema.parse(articleExample());
    const { variables, steps } = articleExample();
    (steps[0]?.config as Record<string, unknown>).url = "{{base_url}}/v2/login";
    const { partialOptions: _partial, ...patch } = updateMonitorSchema.parse({
      variables,
      steps,
    }) as { partialOptions?: true };
    const { target: _shown, ...settings } = stored;
    const merged = createMonitorSchema.parse({ ...settings, ...patch });
    expect(merged.target).toBe("https://api.example.com/v2/login");
  });
});
