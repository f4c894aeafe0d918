import type { OPERATIONS } from "@upwatch/api";
import type { z } from "zod";
import { apiRequest } from "./api-client.ts";
import type { OperationName, OperationRoute } from "./operation-routes.ts";

type Operations = typeof OPERATIONS;

type SchemaPart<K extends OperationName, Part extends string> = Operations[K] extends {
  [P in Part]: infer Schema extends z.ZodType;
}
  ? Schema
  : never;

/** What operation `K` takes in its path (`:id`), as its schema accepts it. */
export type ParamsOf<K extends OperationName> = z.input<SchemaPart<K, "params">>;
/** What operation `K` takes in its query string, as its schema accepts it. */
export type QueryOf<K extends OperationName> = z.input<SchemaPart<K, "query">>;
/** The body operation `K` takes, as its schema accepts it. */
export type BodyOf<K extends OperationName> = z.input<SchemaPart<K, "body">>;
/** What operation `K` answers (undefined when it answers 204 without a body). */
export type AnswerOf<K extends OperationName> = [SchemaPart<K, "response">] extends [never]
  ? undefined
  : z.output<SchemaPart<K, "response">>;

/**
 * A part of the input: absent when the operation has none, optional when it may be left out
 * (undefined, or an object whose every field is optional).
 */
type InputPart<Name extends string, T> = [T] extends [never]
  ? { [P in Name]?: never }
  : undefined extends T
    ? { [P in Name]?: T }
    : object extends T
      ? { [P in Name]?: T }
      : { [P in Name]: T };

/** What `call` takes for operation `K`: its path parameters, query and body. */
export type CallInput<K extends OperationName> = InputPart<"params", ParamsOf<K>> &
  InputPart<"query", QueryOf<K>> &
  InputPart<"body", BodyOf<K>>;

type InputArgument<K extends OperationName> =
  object extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

/**
 * The address of an operation below the API's prefix: its url with each `:name` filled from
 * `params` (encoded), and the query encoded (a list repeats its name; undefined is left out).
 */
export function operationPath<K extends OperationName>(
  route: OperationRoute<K>,
  ...[input]: InputArgument<K>
): string {
  const params = (input?.params ?? {}) as Record<string, unknown>;
  const path = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === "") {
      throw new Error(`${route.method} ${route.url} needs its ${name}.`);
    }
    return encodeURIComponent(String(value));
  });
  const query = encodeQuery(input?.query as Record<string, unknown> | undefined);
  return query ? `${path}?${query}` : path;
}

/**
 * Calls one operation of the REST API and resolves with its answer, typed from the
 * operation's schemas; refusals throw `ApiError` as `apiRequest` does (the CSRF header, the
 * `{detail}` sentence, a 401 sending the visitor to sign in).
 */
export function call<K extends OperationName>(
  route: OperationRoute<K>,
  ...args: InputArgument<K>
): Promise<AnswerOf<K>> {
  return apiRequest<AnswerOf<K>>(route.method, operationPath(route, ...args), args[0]?.body);
}

function encodeQuery(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  return search.toString();
}
