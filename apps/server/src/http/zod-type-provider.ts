import { describeMonitorIssue } from "@upwatch/core";
import type {
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
} from "fastify";
import { z } from "zod";

/** Types a route's input by its zod schemas' output, and its answer by the response schema. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this["schema"] extends z.ZodType ? z.output<this["schema"]> : unknown;
  serializer: this["schema"] extends z.ZodType ? z.input<this["schema"]> : unknown;
}

/** Input that does not match its schema: a 400 whose message names the first problem. */
class InvalidInputError extends Error {
  readonly statusCode = 400;
}

/** Parses body, query and path parameters with the route's schema (a missing body reads as `{}`). */
export const validateWithZod: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    return { error: new InvalidInputError(describeMonitorIssue(result.error)) };
  };

/**
 * Checks an answer against the response schema and writes what the schema keeps, keys in the
 * schema's order. An answer that does not match is a bug: it becomes a logged 500.
 */
export const serializeWithZod: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) {
      throw new Error(
        `The answer of ${method} ${url} does not match its schema: ${z.prettifyError(result.error)}`,
      );
    }
    return JSON.stringify(result.data);
  };
