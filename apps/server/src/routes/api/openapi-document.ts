import {
  AGENT_API_OPERATIONS,
  type AgentApiOperation,
  type ApiOperation,
  OPERATIONS,
  problemResponse,
} from "@upwatch/api";
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

/** What an operation's description is made of, for the REST API and the agent API alike. */
interface OperationParts {
  summary: string;
  tag: string;
  security: Record<string, unknown>;
  status: number;
  params?: z.ZodObject | undefined;
  query?: z.ZodType | undefined;
  body?: z.ZodType | undefined;
  response?: z.ZodType | undefined;
  eventStream?: string | undefined;
  /** Answers besides success, by status, with what they mean. */
  errors: Record<string, string>;
}

function describeOperation(id: string, operation: OperationParts) {
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
    ...operation.security,
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
      ...Object.fromEntries(
        Object.entries(operation.errors).map(([status, description]) => [
          status,
          { description, ...problem },
        ]),
      ),
    },
  };
}

/** The answers every REST operation may give besides its own. */
function restErrors(operation: ApiOperation): Record<string, string> {
  return {
    "400": "The input is not valid",
    "401": "Missing or invalid API key, or not signed in",
    "403":
      "The plan does not allow this, or a signed-in request lacks X-CSRF-Token or came from another site",
    "404": "Nothing with that id in this account",
    ...(operation.conflict ? { "409": operation.conflict } : {}),
    "429":
      operation.access === "public"
        ? "Too many attempts; wait for Retry-After"
        : "The plan's hourly request allowance is spent (API keys only)",
    ...operation.errors,
  };
}

function securityOf(operation: ApiOperation) {
  if (operation.access === "public") return { security: [] };
  if (operation.access === "session") return { security: [{ session: [] }] };
  return {};
}

/** An agent API operation, at its own path under the server's root rather than `/api/v1`. */
function describeAgentOperation(id: string, operation: AgentApiOperation, serverUrl: string) {
  const names = [...operation.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  return {
    servers: [{ url: serverUrl }],
    [operation.method.toLowerCase()]: describeOperation(id, {
      ...operation,
      params: names.length
        ? z.object(Object.fromEntries(names.map((name) => [name, z.string()])))
        : undefined,
      tag: "Agent API",
      security: { security: [{ agentKey: [] }] },
      status: 200,
    }),
  };
}

/** The OpenAPI 3.1 document of the REST API, built from the operations the routes are declared from. */
export function buildOpenApiDocument(serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, operation] of Object.entries(OPERATIONS) as Array<[string, ApiOperation]>) {
    const path = operation.url.replace(/:(\w+)/g, "{$1}");
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = describeOperation(id, {
      ...operation,
      security: securityOf(operation),
      errors: restErrors(operation),
    });
  }
  for (const [id, operation] of Object.entries(AGENT_API_OPERATIONS) as Array<
    [string, AgentApiOperation]
  >) {
    const path = `/agent/v1${operation.url.replace(/:(\w+)/g, "{$1}")}`;
    paths[path] = describeAgentOperation(id, operation, serverUrl);
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
        agentKey: {
          type: "http",
          scheme: "bearer",
          description: "An agent's key (uwa_...), for the Agent API alone",
        },
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
