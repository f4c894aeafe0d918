import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The fake's hosted Checkout page: a button a person (or a browser test) presses to pay, which
 * completes the session and returns to the session's success URL.
 */
export function serveCheckoutPage(
  request: IncomingMessage,
  response: ServerResponse,
  complete: (sessionId: string) => { successUrl: string } | null,
  describe: (sessionId: string) => string | null,
): boolean {
  const match = /^\/checkout\/pay\/([A-Za-z0-9_]+)$/.exec(
    new URL(request.url ?? "/", "http://fake").pathname,
  );
  if (!match) return false;
  const id = match[1] ?? "";
  if (request.method === "POST") {
    const done = complete(id);
    if (!done) response.writeHead(404, { "content-type": "text/plain" }).end("No such session.");
    else response.writeHead(303, { location: done.successUrl }).end();
    return true;
  }
  const summary = describe(id);
  if (!summary) {
    response.writeHead(404, { "content-type": "text/plain" }).end("No such session.");
    return true;
  }
  response
    .writeHead(200, { "content-type": "text/html; charset=utf-8" })
    .end(
      `<!doctype html><title>Checkout</title><h1>Pay</h1><p>${summary}</p>` +
        `<form method="post"><button type="submit">Pay</button></form>`,
    );
  return true;
}
