import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SERVER_FAULT } from "./problem.ts";

/** What the server says while it shuts down and a request still arrives. */
export const SHUTTING_DOWN = "Upwatch is restarting. Please try again in a moment.";

const BAD_ESCAPE =
  "The request's address is not valid: a percent sign must start a valid UTF-8 escape.";

const ROUTING_ERRORS: Record<string, { status: number; detail: string }> = {
  FST_ERR_BAD_URL: { status: 400, detail: BAD_ESCAPE },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    detail: "A part of the request's address is too long.",
  },
};

const CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, detail: "The request's headers are too large." },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: "The request took too long to arrive." },
  ERR_HTTP_REQUEST_HEADERS_TIMEOUT: {
    status: 408,
    detail: "The request's headers took too long to arrive.",
  },
};
const UNREADABLE = { status: 400, detail: "The request could not be read: it is not valid HTTP." };

/** Answers the errors Fastify raises before a route is found (a malformed URL) as `{ detail }`. */
function answerRoutingError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = error.code ? ROUTING_ERRORS[error.code] : undefined;
  if (!known) {
    request.log.error({ err: error }, "request failed before routing");
    return reply.code(500).send({ detail: SERVER_FAULT });
  }
  return reply.code(known.status).send({ detail: known.detail });
}

/**
 * Answers what Node's HTTP parser refuses (headers too large, a broken request line) as
 * `{ detail }`; the route handlers never see these requests.
 */
function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, detail } = (error.code && CLIENT_ERRORS[error.code]) || UNREADABLE;
  this.log.debug({ err: error }, "unreadable request");
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Fastify's server options that answer framework and HTTP parser errors as `{ detail }`. */
export const frameworkErrorOptions = {
  frameworkErrors: answerRoutingError,
  clientErrorHandler: answerClientError,
  // Requests arriving during shutdown are answered by `answerWhileClosing` instead.
  return503OnClosing: false,
};

/** Answers a request that arrives while the server closes with 503 and a sentence. */
export function answerWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async (_request, reply) => {
    if (!closing) return;
    reply.header("connection", "close");
    return reply.code(503).send({ detail: SHUTTING_DOWN });
  });
}

/**
 * Refuses an API request whose query holds a percent escape that is not UTF-8 (`%ZZ`, the bytes
 * of a lone surrogate) as a malformed path is refused: the query parser would keep such text
 * as it came, and a filter would quietly match nothing.
 */
export function refuseUnreadableQueries(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const start = request.url.indexOf("?");
    if (start === -1 || !/^\/(api|agent)\//.test(request.url)) return;
    if (isDecodable(request.url.slice(start + 1))) return;
    return reply.code(400).send({ detail: BAD_ESCAPE });
  });
}

function isDecodable(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
