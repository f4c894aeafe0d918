import type { ApiOperation } from "@upwatch/api";
import type { z } from "zod";

type Part<O, K extends string> = O extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

/** The Fastify schema of an operation: what validates its input and serialises its answers. */
export interface OperationSchema<O extends ApiOperation> {
  params: Part<O, "params">;
  querystring: Part<O, "query">;
  body: Part<O, "body">;
  response: O extends { response: infer R extends z.ZodType } ? { "2xx": R } : undefined;
}

/**
 * The method, url and schemas of an operation, for a route on a `ZodTypeProvider` instance.
 * @example api.route({ ...routeOf(OP.getMonitor), handler: async (request) => ... })
 */
export function routeOf<const O extends ApiOperation>(
  operation: O,
): {
  method: O["method"];
  url: O["url"];
  schema: OperationSchema<O>;
  config: { permission: ApiOperation["permission"] };
} {
  const schema: Record<string, unknown> = {};
  if (operation.params) schema.params = operation.params;
  if (operation.query) schema.querystring = operation.query;
  if (operation.body) schema.body = operation.body;
  if (operation.response) schema.response = { "2xx": operation.response };
  return {
    method: operation.method,
    url: operation.url,
    schema: schema as unknown as OperationSchema<O>,
    // Read by requirePermission before the handler runs.
    config: { permission: operation.permission },
  };
}
