import { z } from "zod";
import { HTTP_METHODS } from "../monitors.ts";
import { storableText } from "../storable-text.ts";
import { MULTI_STEP_LIMITS as L, utf8Bytes } from "./multi-step-limits.ts";

export const STEP_TYPES = ["http_request", "extract", "assertion", "wait", "script"] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const DEPENDENCY_TYPES = ["success", "failure", "completion"] as const;
export type DependencyType = (typeof DEPENDENCY_TYPES)[number];

export const EXTRACT_SOURCES = ["body", "headers", "status"] as const;
export const ASSERTION_TYPES = [
  "status_code",
  "json_path",
  "header",
  "response_time",
  "body_contains",
] as const;
export type AssertionType = (typeof ASSERTION_TYPES)[number];
export const ASSERTION_OPERATORS = [
  "equals",
  "not_equals",
  "contains",
  "greater_than",
  "less_than",
  "exists",
] as const;
export type AssertionOperator = (typeof ASSERTION_OPERATORS)[number];

/**
 * A variable name as `{{name}}` and `to_variable` use it. `__proto__` is no name: an object
 * cannot hold a value under it.
 */
export const VARIABLE_NAME = /^(?!__proto__$)[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const variableName = z.string().regex(VARIABLE_NAME, {
  message:
    "must start with a letter or _ and hold only letters, digits and _ (at most 64 characters), and cannot be __proto__",
});

const httpRequestConfig = z.strictObject({
  method: z
    .enum(HTTP_METHODS, { message: `must be one of ${HTTP_METHODS.join(", ")}` })
    .default("GET"),
  url: z.string({ message: "is required" }).check(storableText("config.url")).min(1).max(2000),
  headers: z
    .record(z.string().min(1).max(200), z.string().check(storableText("config.headers")).max(8000))
    .refine((headers) => Object.keys(headers).length <= 50, {
      message: "can hold at most 50 headers",
    })
    .default({}),
  body: z
    .string()
    .check(storableText("config.body"))
    .refine((body) => utf8Bytes(body) <= L.maxBodyBytes, {
      message: "can be at most 64 KiB",
    })
    .nullable()
    .default(null),
});

const extractConfig = z.strictObject({
  from: z.enum(EXTRACT_SOURCES, { message: `must be one of ${EXTRACT_SOURCES.join(", ")}` }),
  path: z.string().check(storableText("config.path")).min(1).max(500).optional(),
  to_variable: variableName,
});

const assertionConfig = z.strictObject({
  type: z.enum(ASSERTION_TYPES, { message: `must be one of ${ASSERTION_TYPES.join(", ")}` }),
  path: z.string().check(storableText("config.path")).min(1).max(500).optional(),
  operator: z.enum(ASSERTION_OPERATORS, {
    message: `must be one of ${ASSERTION_OPERATORS.join(", ")}`,
  }),
  expected: z
    .union([z.string().check(storableText("config.expected")).max(1000), z.number()])
    .optional(),
});

const waitConfig = z.strictObject({
  seconds: z
    .number({ message: "must be a number of seconds" })
    .positive({ message: "must be more than 0" })
    .max(L.maxWaitSeconds, { message: `can be at most ${L.maxWaitSeconds}` }),
});

const scriptConfig = z.strictObject({
  source: z
    .string({ message: "is required" })
    .check(storableText("config.source"))
    .min(1, { message: "cannot be empty" })
    .refine((source) => utf8Bytes(source) <= L.maxScriptBytes, {
      message: "can be at most 16 KiB",
    }),
});

const dependencies = z.strictObject({
  depends_on: z.union([
    z.string().min(1).max(100),
    z.array(z.string().min(1).max(100)).min(1).max(L.maxSteps),
  ]),
  dependency_type: z
    .enum(DEPENDENCY_TYPES, { message: `must be one of ${DEPENDENCY_TYPES.join(", ")}` })
    .default("success"),
});

const stepFields = {
  name: z
    .string({ message: "is required" })
    .check(storableText("name"))
    .trim()
    .min(1, { message: "is required" })
    .max(100, { message: "can be at most 100 characters" }),
  order_index: z
    .number({ message: "must be a whole number from 1" })
    .int({ message: "must be a whole number from 1" })
    .min(1, { message: "must be a whole number from 1" }),
  dependencies: dependencies.optional(),
};

/** One step: its type decides what `config` holds. */
export const stepSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ ...stepFields, type: z.literal("http_request"), config: httpRequestConfig }),
    z.strictObject({ ...stepFields, type: z.literal("extract"), config: extractConfig }),
    z.strictObject({ ...stepFields, type: z.literal("assertion"), config: assertionConfig }),
    z.strictObject({ ...stepFields, type: z.literal("wait"), config: waitConfig }),
    z.strictObject({ ...stepFields, type: z.literal("script"), config: scriptConfig }),
  ],
  { message: `type must be one of ${STEP_TYPES.join(", ")}` },
);

/** The options of a `multi_step` monitor: variables and steps, in the help centre's shape. */
export const multiStepStructureSchema = z.strictObject({
  variables: z
    .record(
      variableName,
      z
        .string({ message: "must be text" })
        .check(storableText("variables"))
        .refine((value) => utf8Bytes(value) <= L.maxVariableBytes, {
          message: "can be at most 4 KiB",
        }),
    )
    .refine((variables) => Object.keys(variables).length <= L.maxVariables, {
      message: `can hold at most ${L.maxVariables} variables`,
    })
    .default({}),
  steps: z
    .array(stepSchema, { message: "must be a list of steps" })
    .min(1, { message: "must hold at least one step" })
    .max(L.maxSteps, { message: `can hold at most ${L.maxSteps} steps` }),
});

export type MultiStepOptions = z.output<typeof multiStepStructureSchema>;
export type MultiStep = MultiStepOptions["steps"][number];
export type StepOf<T extends StepType> = Extract<MultiStep, { type: T }>;

/** How a variable refers to an account's secure variable: `secure:<name>`. */
export const SECURE_PREFIX = "secure:";
