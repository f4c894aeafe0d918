import { describe, expect, it } from "vitest";
import { serverStepProblem } from "./step-problems.ts";
import { newStep } from "./step-values.ts";

const steps = [
  { ...newStep("http_request"), name: "login" },
  { ...newStep("extract"), name: "extract_token" },
];

describe("a server refusal shown on the step it names", () => {
  it('puts `Step "login": config.url is required.` on the login step\'s URL', () => {
    expect(serverStepProblem('Step "login": config.url is required.', steps)).toEqual({
      index: 0,
      problem: { message: 'Step "login": config.url is required.', field: "url" },
    });
  });

  it("puts a dependency naming no step on that step's dependencies", () => {
    const detail =
      'Step "extract_token": depends_on names "nope", which is not a step of this check.';
    expect(serverStepProblem(detail, steps)).toEqual({
      index: 1,
      problem: { message: detail, field: "depends_on" },
    });
  });

  it("puts a sentence about an unnamed step on the step at that position", () => {
    expect(serverStepProblem("Step 2: config.to_variable is required.", steps)).toEqual({
      index: 1,
      problem: { message: "Step 2: config.to_variable is required.", field: "to_variable" },
    });
  });

  it("puts a duplicate name on the second step that carries it", () => {
    const twice = [...steps, { ...newStep("wait"), name: "login" }];
    expect(serverStepProblem('Two steps are named "login".', twice)?.index).toBe(2);
  });

  it("leaves sentences about no step, or a step no longer in the form, at the top only", () => {
    expect(serverStepProblem("variables.password: there is no secure variable", steps)).toBeNull();
    expect(serverStepProblem('Step "gone": config.url is required.', steps)).toBeNull();
  });
});
