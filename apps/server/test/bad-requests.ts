import type { z } from "zod";
import {
  type BaseRequest,
  kindOfField,
  kindOfParam,
  type OperationUnderTest,
  rowOf,
} from "./operations-under-test.ts";
import type { RowIds } from "./rows-of-every-kind.ts";
import { fieldsOf, type SchemaField, withValueAt } from "./schema-samples.ts";

/** A request that is wrong in one place, and whether it must be refused or only not fault. */
export interface BadRequest {
  label: string;
  method: OperationUnderTest["method"];
  url: string;
  /** The JSON text of the body, when there is one. */
  payload?: string;
  /** Wrong for certain (refused with 4xx), or only odd (some schemas accept it: no 5xx). */
  mustRefuse: boolean;
  /** Ids an answer that is not refused must not show: another account's rows. */
  mustNotShow?: string[];
}

/** Text longer than any field takes: 100 kB, or past the field's own limit when that is larger. */
export const OVERSIZE_TEXT = 100_000;
/** A body past every route's body limit. */
const OVERSIZE_BODY = JSON.stringify({ padding: "x".repeat(8 * 1024 * 1024) });

type Mutation = [what: string, value: unknown, alwaysWrong: boolean];

function textMutations(maxLength = 0): Mutation[] {
  return [
    ["a NUL character", "a\u0000b", true],
    ["a lone surrogate", "a\ud800b", true],
    ["oversize text", "x".repeat(Math.max(OVERSIZE_TEXT, maxLength + 1)), true],
  ];
}

/** The wrong values a field of each kind is sent: text faults, other types, null. */
function fieldMutations(field: SchemaField): Mutation[] {
  switch (field.kind) {
    case "string":
      return [...textMutations(field.maxLength), ["a number", 12345, false], ["null", null, false]];
    case "number":
      return [
        ["text", "12", false],
        ["an object", {}, false],
        ["null", null, false],
      ];
    case "boolean":
      return [
        ["text", "true", false],
        ["null", null, false],
      ];
    case "enum":
      return [
        ["a NUL character", "a\u0000b", true],
        ["a number", 7, false],
        ["null", null, false],
      ];
    case "array":
      return [
        ["an object", {}, false],
        ["text", "a", false],
        ["null", null, false],
      ];
    case "object":
    case "record":
      return [
        ["a list", [], false],
        ["text", "a", false],
        ["null", null, false],
      ];
    default:
      return [];
  }
}

/** The query's wrong values: text faults in every field, and text or a list where it reads other types. */
function queryMutations(field: SchemaField): Mutation[] {
  const others: Mutation[] =
    field.kind === "string"
      ? []
      : [
          ["text", "not-valid", false],
          ["a list", ["1", "2"], false],
        ];
  return [...textMutations(field.maxLength), ...others];
}

const fieldName = (path: (string | number)[]) => path.join(".") || "(the whole body)";

/** Every malformed request of one operation: each path part, query field and body field in turn. */
export function malformedRequests(operation: OperationUnderTest, base: BaseRequest): BadRequest[] {
  const requests: BadRequest[] = [];
  const add = (label: string, mustRefuse: boolean, changes: Partial<BaseRequest>, raw?: string) =>
    requests.push({
      label,
      method: operation.method,
      mustRefuse,
      ...requestOf(operation, { ...base, ...changes }, raw),
    });
  for (const name of Object.keys(base.params)) {
    for (const [what, value] of textMutations()) {
      add(`${what} in path :${name}`, true, { params: { ...base.params, [name]: String(value) } });
    }
  }
  for (const field of topLevelFields(operation.query, base.query)) {
    const key = String(field.path[0]);
    for (const [what, value, alwaysWrong] of queryMutations(field)) {
      const query = { ...base.query, [key]: value as string | string[] };
      add(`${what} in query ${key}`, alwaysWrong || refuses(operation.query, query), { query });
    }
  }
  if (operation.body) {
    const body = operation.body;
    for (const [what, value] of [
      ["a list", []],
      ["text", "a"],
      ["a number", 42],
    ] as const) {
      add(`${what} as the whole body`, true, { body: value });
    }
    for (const field of fieldsOf(body, base.body)) {
      for (const [what, value, alwaysWrong] of fieldMutations(field)) {
        const changed = withValueAt(base.body, field.path, value);
        const mustRefuse = alwaysWrong || refuses(body, changed);
        add(`${what} in body ${fieldName(field.path)}`, mustRefuse, { body: changed });
      }
    }
  }
  if (operation.method !== "GET") add("a body past the size limit", true, {}, OVERSIZE_BODY);
  return requests;
}

/**
 * Each id in the path, query and body replaced by the id of the other account's row of its
 * kind. All are refused, but a list filtered by such an id may answer an empty page, as for an
 * id nobody has: it must show none of the other account's rows.
 */
export function foreignIdRequests(
  operation: OperationUnderTest,
  base: BaseRequest,
  mine: RowIds,
  theirs: RowIds,
): BadRequest[] {
  const requests: BadRequest[] = [];
  const foreign = (kind: string | undefined) => {
    const id = rowOf(theirs, kind);
    return id !== undefined && id !== rowOf(mine, kind) ? id : undefined;
  };
  const add = (label: string, changes: Partial<BaseRequest>, filter?: string) =>
    requests.push({
      label,
      method: operation.method,
      mustRefuse: filter === undefined,
      ...(filter === undefined
        ? {}
        : { mustNotShow: Object.values(theirs).filter((id) => id !== filter) }),
      ...requestOf(operation, { ...base, ...changes }),
    });
  for (const name of Object.keys(base.params)) {
    const kind = kindOfParam(operation.url, name);
    const id = foreign(kind);
    if (id)
      add(`another account's ${kind} in path :${name}`, { params: { ...base.params, [name]: id } });
  }
  for (const field of topLevelFields(operation.query, base.query)) {
    const kind = kindOfField(field.path);
    const id = foreign(kind);
    const key = String(field.path[0]);
    const filter = operation.method === "GET" ? id : undefined;
    if (id)
      add(
        `another account's ${kind} in query ${key}`,
        { query: { ...base.query, [key]: id } },
        filter,
      );
  }
  for (const field of operation.body ? fieldsOf(operation.body, base.body) : []) {
    const kind = kindOfField(field.path);
    const id = field.kind === "string" ? foreign(kind) : undefined;
    if (!id) continue;
    const body = withValueAt(base.body, field.path, id);
    add(`another account's ${kind} in body ${fieldName(field.path)}`, { body });
  }
  return requests;
}

function topLevelFields(schema: z.ZodType | undefined, value: unknown): SchemaField[] {
  return schema ? fieldsOf(schema, value).filter((field) => field.path.length === 1) : [];
}

function refuses(schema: z.ZodType | undefined, value: unknown): boolean {
  return schema !== undefined && !schema.safeParse(value).success;
}

function requestOf(operation: OperationUnderTest, request: BaseRequest, raw?: string) {
  const path = operation.url.replace(/:(\w+)/g, (_, name: string) =>
    encodePart(request.params[name] ?? ""),
  );
  const query = Object.entries(request.query)
    .flatMap(([key, value]) => [value].flat().map((one) => `${key}=${encodePart(one)}`))
    .join("&");
  const url = query ? `${path}?${query}` : path;
  if (raw !== undefined) return { url, payload: raw };
  return request.body === undefined ? { url } : { url, payload: JSON.stringify(request.body) };
}

/**
 * Percent-encodes text for a URL. A lone surrogate has no UTF-8 form, so it goes as the bytes a
 * client sends for it anyway (ED A0 80 for U+D800, as WTF-8 writes it).
 */
function encodePart(value: string): string {
  return encodeURIComponent(value.replace(/\p{Cs}/gu, "\uffff")).replaceAll(
    "%EF%BF%BF",
    "%ED%A0%80",
  );
}
