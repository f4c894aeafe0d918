import type { z } from "zod";

/** A part of a request: where it is (keys and list positions) and the schema that reads it. */
export interface SchemaField {
  path: (string | number)[];
  schema: z.ZodType;
  /** What JSON the field holds, as the schema declares it. */
  kind: "string" | "number" | "boolean" | "enum" | "array" | "object" | "record" | "other";
  /** The most characters (strings) the schema allows, when it declares it. */
  maxLength?: number;
}

/** The id a field or path part should carry, given its path; undefined for fields that are no id. */
export type IdFor = (path: (string | number)[]) => string | undefined;

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const bagOf = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { bag: Record<string, unknown> } })._zod.bag;

const WRAPPERS = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "readonly",
  "catch",
  "nonoptional",
]);

/** The schema under optional, nullable, default, preprocess and lazy wrappers. */
export function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return unwrap(def.innerType);
  if (def.type === "pipe" && def.in && def.out) {
    // A preprocess reads any JSON and hands it on; a transform after a schema keeps its input.
    return unwrap(defOf(def.in).type === "transform" ? def.out : def.in);
  }
  if (def.type === "lazy" && def.getter) return unwrap(def.getter());
  return schema;
}

const HINTED: [RegExp, string][] = [
  [/email|address/, "person@example.com"],
  [/password/, "a long enough password"],
  [/code$/, "123456"],
  [/version/, "2.0.0"],
  [/url|uri|issuer/, "https://example.com/"],
  [/colou?r/, "#336699"],
  [/domain|host|target/, "example.com"],
];

const STRING_CANDIDATES = [
  "Example",
  "example",
  "person@example.com",
  "https://example.com/",
  "example.com",
  "#336699",
  "EXAMPLE_NAME",
  "123456",
  "2.0.0",
  "+64211234567",
  "a long enough password",
];

/** Times around now: an end comes after every start, a start before any end. */
function timesFor(key: string | undefined): string[] {
  const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  return /(^|_)(end|ends|until|to)(_at)?$/.test(key ?? "") ? [at(48)] : [at(-1), at(24)];
}

function sampleString(whole: z.ZodType, leaf: z.ZodType, key: string | undefined): string {
  const bag = bagOf(leaf);
  const min = typeof bag.minimum === "number" ? bag.minimum : 0;
  const hinted = HINTED.filter(([pattern]) => key && pattern.test(key)).map(([, value]) => value);
  const candidates = [
    ...hinted,
    ...STRING_CANDIDATES,
    ...timesFor(key),
    "x".repeat(Math.max(min, 1)),
  ];
  return candidates.find((value) => whole.safeParse(value).success) ?? "example";
}

function sampleNumber(whole: z.ZodType, leaf: z.ZodType): number {
  const bag = bagOf(leaf);
  const min = typeof bag.minimum === "number" && Number.isFinite(bag.minimum) ? bag.minimum : 1;
  const candidates = [1, 60, min, min + 1, 5, 0, 100, 1000, Date.now()];
  return candidates.find((value) => whole.safeParse(value).success) ?? min;
}

const lastKey = (path: (string | number)[]) =>
  [...path].reverse().find((part): part is string => typeof part === "string");

/** How a sample is made: with or without optional parts, with null wherever null is allowed. */
export interface SampleMode {
  optional: boolean;
  nulls: boolean;
}

const MODES: SampleMode[] = [
  { optional: true, nulls: false },
  { optional: true, nulls: true },
  { optional: false, nulls: false },
  { optional: false, nulls: true },
];

/**
 * A value the schema accepts, or undefined when none is found: with every optional part, then
 * with the required parts alone (each time also with nulls), then the required parts and one
 * optional part.
 */
export function validSampleOf(schema: z.ZodType, idFor: IdFor): unknown {
  const samples = MODES.map((mode) => sampleOf(schema, idFor, mode));
  const valid = samples.find((sample) => schema.safeParse(sample).success);
  if (valid !== undefined) return valid;
  for (const [full, required] of [
    [samples[0], samples[2]],
    [samples[1], samples[3]],
  ]) {
    if (!isObject(full) || !isObject(required)) continue;
    for (const [key, value] of Object.entries(full)) {
      const tried = { ...required, [key]: value };
      if (schema.safeParse(tried).success) return tried;
    }
  }
  return undefined;
}

/** One value the schema accepts, made as `mode` says; refinements may still refuse it. */
export function sampleOf(
  schema: z.ZodType,
  idFor: IdFor,
  mode: SampleMode,
  path: (string | number)[] = [],
  whole: z.ZodType = schema,
): unknown {
  const def = defOf(schema);
  if (def.type === "optional") {
    return mode.optional && def.innerType
      ? sampleOf(def.innerType, idFor, mode, path, whole)
      : undefined;
  }
  if (def.type === "nullable" && mode.nulls) return null;
  if (WRAPPERS.has(def.type) && def.innerType) {
    return sampleOf(def.innerType, idFor, mode, path, whole);
  }
  if (def.type === "pipe" || def.type === "lazy") {
    return sampleOf(unwrap(schema), idFor, mode, path, whole);
  }
  const id = idFor(path);
  switch (def.type) {
    case "string":
      return id ?? sampleString(whole, schema, lastKey(path));
    case "number":
      return sampleNumber(whole, schema);
    case "boolean":
      return false;
    case "enum":
      return Object.values(def.entries ?? {}).find((value) => whole.safeParse(value).success);
    case "literal":
      return def.values?.[0];
    case "array": {
      const min = Math.max(1, Number(bagOf(schema).minimum ?? 1));
      const element = def.element as z.ZodType;
      return Array.from({ length: min }, (_, index) =>
        sampleOf(element, idFor, mode, [...path, index]),
      );
    }
    case "tuple":
      return (def.items ?? []).map((item, index) => sampleOf(item, idFor, mode, [...path, index]));
    case "object": {
      const value: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const sample = sampleOf(field, idFor, mode, [...path, key]);
        if (sample !== undefined) value[key] = sample;
      }
      return value;
    }
    case "record":
      return {};
    case "union": {
      const samples = (def.options ?? []).map((option) => sampleOf(option, idFor, mode, path));
      return samples.find((sample) => whole.safeParse(sample).success) ?? samples[0];
    }
    case "intersection": {
      const left = sampleOf(def.left as z.ZodType, idFor, mode, path);
      const right = sampleOf(def.right as z.ZodType, idFor, mode, path);
      return isObject(left) && isObject(right) ? { ...left, ...right } : left;
    }
    case "never":
    case "undefined":
      return undefined;
    case "null":
      return null;
    default:
      return "example";
  }
}

/** The schema's fields, walked with `value` to choose among a union's options. */
export function fieldsOf(
  schema: z.ZodType,
  value: unknown,
  path: (string | number)[] = [],
): SchemaField[] {
  const leaf = unwrap(schema);
  const def = defOf(leaf);
  const here = (kind: SchemaField["kind"], maxLength?: number): SchemaField => ({
    path,
    schema: leaf,
    kind,
    ...(maxLength === undefined ? {} : { maxLength }),
  });
  switch (def.type) {
    case "string": {
      const maximum = bagOf(leaf).maximum;
      return [here("string", typeof maximum === "number" ? maximum : undefined)];
    }
    case "number":
      return [here("number")];
    case "boolean":
      return [here("boolean")];
    case "enum":
    case "literal":
      return [here("enum")];
    case "array": {
      const items = Array.isArray(value) ? value : [];
      return [here("array"), ...fieldsOf(def.element as z.ZodType, items[0], [...path, 0])];
    }
    case "record":
      return [here("record")];
    case "object": {
      const object = isObject(value) ? value : {};
      const fields = path.length === 0 ? [] : [here("object")];
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        if (defOf(unwrap(field)).type === "never") continue;
        fields.push(...fieldsOf(field, object[key], [...path, key]));
      }
      return fields;
    }
    case "union": {
      const options = def.options ?? [];
      const chosen = options.find((option) => option.safeParse(value).success) ?? options[0];
      return chosen ? fieldsOf(chosen, value, path) : [here("other")];
    }
    case "intersection":
      return [
        ...fieldsOf(def.left as z.ZodType, value, path),
        ...fieldsOf(def.right as z.ZodType, value, path),
      ];
    default:
      return [here("other")];
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A copy of `value` with the part at `path` replaced (parents made as needed). */
export function withValueAt(value: unknown, path: (string | number)[], replacement: unknown) {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === "number") {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = withValueAt(list[head], rest, replacement);
    return list;
  }
  const object = isObject(value) ? { ...value } : {};
  object[head] = withValueAt(object[head], rest, replacement);
  return object;
}
