import { isStorageUnavailable } from "@upwatch/db";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ServiceError, type ServiceErrorCode } from "../services/service-error.ts";

const STATUS_OF_CODE: Record<ServiceErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "plan-limit": 403,
  "not-found": 404,
  conflict: 409,
  "rate-limited": 429,
  unavailable: 503,
};

const FRAMEWORK_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request body as JSON (Content-Type: application/json).",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; send a JSON object.",
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The Content-Length header does not match the body.",
};

/** The answer to a fault on our side: it says nothing about the fault itself. */
export const SERVER_FAULT = "Something went wrong on our side. Please try again in a moment.";

/** The answer while the database cannot be reached or is busy: a later attempt may succeed. */
export const STORAGE_UNAVAILABLE =
  "Upwatch cannot reach its database right now. Please try again in a few minutes.";

/** Sets the status (and Retry-After) a service refusal answers with, and returns the status. */
export function applyServiceError(reply: FastifyReply, error: ServiceError): number {
  const status = STATUS_OF_CODE[error.code];
  if (error.retryAfterSeconds !== undefined) {
    reply.header("retry-after", String(error.retryAfterSeconds));
  }
  reply.code(status);
  return status;
}

/** Answers every error as `{ detail }`: the person's mistake in words, never a stack trace. */
export function installProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ServiceError) {
      const status = applyServiceError(reply, error);
      if (status >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
      return reply.send({ detail: error.message });
    }
    if (isStorageUnavailable(error)) {
      request.log.warn({ err: error }, STORAGE_UNAVAILABLE);
      return reply.code(503).send({ detail: STORAGE_UNAVAILABLE });
    }
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(status).send({ detail: SERVER_FAULT });
    }
    return reply.code(status).send({ detail: detailOf(error) });
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (wantsPage && !isApiPath(request.url) && app.hasDecorator("sendNotFoundPage")) {
      return app.sendNotFoundPage(reply);
    }
    return reply
      .code(404)
      .send({ detail: `There is nothing at ${request.method} ${pathOf(request.url)}.` });
  });
}

function statusOf(error: FastifyError): number {
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 600 ? status : 500;
}

function detailOf(error: FastifyError): string {
  if (error.code && FRAMEWORK_DETAILS[error.code]) return FRAMEWORK_DETAILS[error.code]!;
  if (error.code?.startsWith("FST_ERR_CTP_")) return "The request body could not be read.";
  return error.message || "The request could not be processed.";
}

function isApiPath(url: string): boolean {
  return url.startsWith("/api/");
}

function pathOf(url: string): string {
  return url.split("?")[0] ?? url;
}
