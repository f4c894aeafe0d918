import { type ApiOperation, OPERATIONS, problemResponse } from "@upwatch/api";
import { PRODUCT_NAME } from "@upwatch/core";
import { z } from "zod";

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
}

const problem = {
  content: { "application/json": { schema: { $ref: "#/components/schemas/Problem" } } },
};

function describeOperation(id: string, operation: ApiOperation) {
  const parameters: JsonSchema[] = [];
  for (const [name, schema] of Object.entries(operation.params?.shape ?? {})) {
    parameters.push({ name, in: "path", required: true, schema: schemaOf(schema, "input") });
  }
  if (operation.query) {
    const query = schemaOf(operation.query, "input") as { properties?: Record<string, JsonSchema> };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({
        name,
        in: "query",
        required: false,
        schema,
        description: schema.description,
      });
    }
  }
  const success = operation.eventStream
    ? {
        content: {
          "text/event-stream": { schema: { type: "string", description: operation.eventStream } },
        },
      }
    : operation.response
      ? { content: { "application/json": { schema: schemaOf(operation.response, "output") } } }
      : {};
  return {
    operationId: id,
    summary: operation.summary,
    tags: [operation.tag],
    ...securityOf(operation),
    parameters,
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemaOf(operation.body, "input") } },
          },
        }
      : {}),
    responses: {
      [String(operation.status)]: { description: "Success", ...success },
      "400": { description: "The input is not valid", ...problem },
      "401": { description: "Missing or invalid API key, or not signed in", ...problem },
      "403": {
        description:
          "The plan does not allow this, or a signed-in request lacks X-CSRF-Token or came from another site",
        ...problem,
      },
      "404": { description: "Nothing with that id in this account", ...problem },
      ...(operation.conflict ? { "409": { description: operation.conflict, ...problem } } : {}),
      "429": {
        description:
          operation.access === "public"
            ? "Too many attempts; wait for Retry-After"
            : "The plan's hourly request allowance is spent (API keys only)",
        ...problem,
      },
      ...Object.fromEntries(
        Object.entries(operation.errors ?? {}).map(([status, description]) => [
          status,
          { description, ...problem },
        ]),
      ),
    },
  };
}

function securityOf(operation: ApiOperation) {
  if (operation.access === "public") return { security: [] };
  if (operation.access === "session") return { security: [{ session: [] }] };
  return {};
}

/** The OpenAPI 3.1 document of the REST API, built from the operations the routes are declared from. */
export function buildOpenApiDocument(serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, operation] of Object.entries(OPERATIONS) as Array<[string, ApiOperation]>) {
    const path = operation.url.replace(/:(\w+)/g, "{$1}");
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = describeOperation(id, operation);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${PRODUCT_NAME} REST API`,
      version: "1",
      description:
        'Authenticate with `Authorization: Bearer <key>`, or (the signed-in app) with the `upwatch_session` cookie, sending the session\'s `X-CSRF-Token` with every POST, PUT, PATCH and DELETE. Key requests are limited per account and clock hour by plan (see the X-RateLimit-* headers). Errors are `{ "detail": "<sentence>" }`.',
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    security: [{ apiKey: [] }, { session: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key (uw_...)" },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "upwatch_session",
          description: "The session cookie set by signing in (with X-CSRF-Token on changes)",
        },
      },
      schemas: { Problem: schemaOf(problemResponse, "output") },
    },
  };
}
