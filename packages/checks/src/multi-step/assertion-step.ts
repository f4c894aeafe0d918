import type { AssertionOperator, StepOf } from "@upwatch/core";
import { CheckError } from "../check-error.ts";
import { showValue } from "./masking.ts";
import type { RunState, StepReport } from "./run-state.ts";
import { readHeader, readJsonPath, responseFor, valueAsText } from "./step-response.ts";

type Expected = string | number | undefined;

/** `assertion`: judges the response and fails the step with the found value when it is off. */
export async function runAssertionStep(
  step: StepOf<"assertion">,
  state: RunState,
): Promise<StepReport> {
  const { type, path, operator, expected } = step.config;
  const response = responseFor(step, state);
  const shownExpected = expected === undefined ? null : String(expected);
  const report = (actual: string | undefined, error: string | null): StepReport => ({
    statusCode: response.status,
    actual: actual === undefined ? null : showValue(actual, state.mask),
    expected: shownExpected,
    error,
  });
  if (type === "status_code") {
    const actual = String(response.status);
    return report(actual, judge(actual, operator, expected, numberSentences("status ", "")));
  }
  if (type === "response_time") {
    const actual = String(Math.round(response.timeMs));
    return report(actual, judge(actual, operator, expected, numberSentences("", " ms")));
  }
  if (type === "body_contains") {
    return report(undefined, judgeBody(response.body, operator, expected));
  }
  if (path === undefined) throw new CheckError(`config.path is required for a ${type} assertion.`);
  if (type === "header") {
    const actual = readHeader(response, path);
    if (actual === undefined) return report(undefined, `header ${path} is missing`);
    return report(actual, judge(actual, operator, expected, textSentences(`header ${path}`)));
  }
  const found = readJsonPath(response, path);
  if (!found) return report(undefined, `path ${path} matched nothing`);
  const actual = valueAsText(found.value);
  return report(actual, judge(actual, operator, expected, textSentences(path)));
}

interface Sentences {
  equals(actual: string, expected: string): string;
  notEquals(actual: string): string;
  contains(actual: string, expected: string): string;
  compared(actual: string, relation: "greater" | "less", expected: string): string;
}

/** `expected status 200, got 401`; `1240 ms is not less than 800`. */
function numberSentences(prefix: string, unit: string): Sentences {
  return {
    equals: (actual, expected) =>
      prefix
        ? `expected ${prefix}${expected}, got ${actual}`
        : `${actual}${unit} is not ${expected}`,
    notEquals: (actual) => `${prefix}${actual}${unit} was not expected`,
    contains: (actual, expected) => `${prefix}${actual}${unit} does not contain ${expected}`,
    compared: (actual, relation, expected) =>
      `${prefix}${actual}${unit} is not ${relation} than ${expected}`,
  };
}

/** `$.data[0].id is "7", expected "8"`. */
function textSentences(subject: string): Sentences {
  return {
    equals: (actual, expected) => `${subject} is ${quote(actual)}, expected ${quote(expected)}`,
    notEquals: (actual) => `${subject} is ${quote(actual)}, expected any other value`,
    contains: (actual, expected) =>
      `${subject} is ${quote(actual)}, which does not contain ${quote(expected)}`,
    compared: (actual, relation, expected) =>
      `${subject} is ${quote(actual)}, which is not ${relation} than ${expected}`,
  };
}

// Not cut here: the run masks secure values first and cuts every text after (masking.ts).
function quote(text: string): string {
  return JSON.stringify(text);
}

/** Null when `actual` meets the operator, else the sentence saying how it does not. */
function judge(
  actual: string,
  operator: AssertionOperator,
  expected: Expected,
  sentences: Sentences,
): string | null {
  if (operator === "exists") return null;
  if (expected === undefined) throw new CheckError(`config.expected is required for ${operator}.`);
  const wanted = String(expected);
  switch (operator) {
    case "equals":
      return sameValue(actual, wanted) ? null : sentences.equals(actual, wanted);
    case "not_equals":
      return sameValue(actual, wanted) ? sentences.notEquals(actual) : null;
    case "contains":
      return actual.includes(wanted) ? null : sentences.contains(actual, wanted);
    case "greater_than":
    case "less_than": {
      const [left, right] = [Number(actual), Number(wanted)];
      if (actual.trim() === "" || Number.isNaN(left)) return `${quote(actual)} is not a number`;
      if (Number.isNaN(right))
        throw new CheckError(`config.expected ${quote(wanted)} is not a number.`);
      const holds = operator === "greater_than" ? left > right : left < right;
      return holds
        ? null
        : sentences.compared(actual, operator === "greater_than" ? "greater" : "less", wanted);
    }
  }
}

/** Numbers compare by value, so 7 equals "7.0"; everything else compares as text. */
function sameValue(actual: string, wanted: string): boolean {
  if (actual === wanted) return true;
  const [left, right] = [Number(actual), Number(wanted)];
  return actual.trim() !== "" && wanted.trim() !== "" && !Number.isNaN(left) && left === right;
}

function judgeBody(body: string, operator: AssertionOperator, expected: Expected): string | null {
  if (expected === undefined || expected === "") {
    return operator === "exists" && body === "" ? "the body is empty" : null;
  }
  const wanted = String(expected);
  const present = body.includes(wanted);
  if (operator === "not_equals") return present ? `the body contains ${quote(wanted)}` : null;
  return present ? null : `the body does not contain ${quote(wanted)}`;
}
