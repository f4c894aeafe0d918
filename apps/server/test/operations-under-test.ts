import type { AgentApiOperation, ApiOperation } from "@upwatch/api";
import * as api from "@upwatch/api";
import { z } from "zod";
import type { RowIds } from "./rows-of-every-kind.ts";
import { type IdFor, validSampleOf } from "./schema-samples.ts";

/** One operation of the REST or the agent API, as the bad-input test calls it. */
export interface OperationUnderTest {
  name: string;
  method: ApiOperation["method"];
  /** The full path pattern, `:name` marking path parameters. */
  url: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Who calls it: the signed-in owner, nobody (public), or an agent with its key. */
  caller: "owner" | "nobody" | "agent";
  /** It answers a browser with a redirect (a refusal included), not with JSON. */
  redirects: boolean;
  /** It answers with a server-sent event stream that stays open. */
  streams: boolean;
}

/**
 * Every operation of every list `@upwatch/api` exports (`OPERATIONS`, `AGENT_API_OPERATIONS` and
 * any other `*_OPERATIONS`), each once: a new operation is picked up without a change here.
 */
export function operationsUnderTest(): OperationUnderTest[] {
  const found = new Map<string, OperationUnderTest>();
  for (const [listName, list] of Object.entries(api)) {
    if (!listName.endsWith("OPERATIONS") || typeof list !== "object") continue;
    for (const [name, operation] of Object.entries(list as Record<string, object>)) {
      // Agent API operations have no tag; they live under /agent/v1 and take an agent's key.
      const tested =
        "tag" in operation
          ? restOperation(name, operation as ApiOperation)
          : agentOperation(name, operation as AgentApiOperation);
      found.set(`${tested.method} ${tested.url}`, tested);
    }
  }
  return [...found.values()];
}

function restOperation(name: string, operation: ApiOperation): OperationUnderTest {
  return {
    name,
    method: operation.method,
    url: `/api/v1${operation.url}`,
    params: operation.params ?? paramsOf(operation.url),
    query: operation.query,
    body: operation.body,
    caller: operation.access === "public" ? "nobody" : "owner",
    redirects: operation.status >= 300 && operation.status < 400,
    streams: operation.eventStream !== undefined,
  };
}

function agentOperation(name: string, operation: AgentApiOperation): OperationUnderTest {
  return {
    name,
    method: operation.method,
    url: `/agent/v1${operation.url}`,
    params: paramsOf(operation.url),
    body: operation.body,
    caller: "agent",
    redirects: false,
    streams: false,
  };
}

/** Path parameters an operation declares no schema for: text, read by the handler. */
function paramsOf(url: string): z.ZodType | undefined {
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  if (names.length === 0) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
}

const singular = (word: string) => word.replace(/ies$/, "y").replace(/s$/, "");

/** The kind of row a path parameter names: `:id` after `/monitors` is a monitor, `:ruleId` a rule. */
export function kindOfParam(url: string, name: string): string {
  if (name.endsWith("Id")) return name.slice(0, -2);
  const segments = url.split("/");
  const before = segments[segments.indexOf(`:${name}`) - 1] ?? name;
  return singular(before);
}

/**
 * The kind of row a body or query field names, if any: `parent_monitor` for `parent_monitor_id`,
 * `component` for `components[0].id`.
 */
export function kindOfField(path: (string | number)[]): string | undefined {
  const keys = path.filter((part): part is string => typeof part === "string");
  const key = keys.at(-1);
  if (key === undefined) return undefined;
  if (key === "id" || key === "ids") {
    const parent = keys.at(-2);
    return parent === undefined ? undefined : singular(parent);
  }
  return /_ids?$/.test(key) ? key.replace(/_ids?$/, "") : undefined;
}

/** The account's row of a kind: `parent_monitor` if it has one, else any `monitor`. */
export function rowOf(rows: RowIds, kind: string | undefined): string | undefined {
  if (kind === undefined) return undefined;
  return rows[kind] ?? rows[kind.split(/[_-]/).at(-1) as string];
}

/** The account's row a field names, for the fields that name one of a kind it has. */
export function idForField(rows: RowIds): IdFor {
  return (path) => rowOf(rows, kindOfField(path));
}

/** A valid request to the operation on the account's rows: its path values, query and body. */
export interface BaseRequest {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
}

/** The request the mutations start from; parts no sample is found for are best guesses. */
export function baseRequestOf(operation: OperationUnderTest, rows: RowIds): BaseRequest {
  const params: Record<string, string> = {};
  for (const match of operation.url.matchAll(/:(\w+)/g)) {
    const name = match[1] as string;
    params[name] = rowOf(rows, kindOfParam(operation.url, name)) ?? "example";
  }
  const sampledParams = operation.params
    ? validSampleOf(operation.params, (path) => params[String(path[0])])
    : undefined;
  return {
    params: { ...params, ...(sampledParams as Record<string, string> | undefined) },
    query: operation.query ? queryOf(operation.query, rows) : {},
    body: operation.body ? (validSampleOf(operation.body, idForField(rows)) ?? {}) : undefined,
  };
}

function queryOf(schema: z.ZodType, rows: RowIds): Record<string, string | string[]> {
  const sample = validSampleOf(schema, idForField(rows));
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries((sample ?? {}) as Record<string, unknown>)) {
    query[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return schema.safeParse(query).success ? query : {};
}
