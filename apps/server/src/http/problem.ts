import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** An error whose message is meant for the person who made the request. */
export class RequestError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

const FRAMEWORK_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request body as JSON (Content-Type: application/json).",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; send a JSON object.",
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The Content-Length header does not match the body.",
};

const SERVER_FAULT = "Something went wrong on our side. Please try again in a moment.";

/** Answers every error as `{ detail }`: the person's mistake in words, never a stack trace. */
export function installProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = statusOf(error);
    if (error instanceof RequestError) {
      if (status >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
      return reply.code(status).send({ detail: error.message });
    }
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
  if (error instanceof RequestError) return error.message;
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
