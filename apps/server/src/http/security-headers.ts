import type { FastifyInstance } from "fastify";

const HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "cross-origin-opener-policy": "same-origin",
};

/** Adds the browser-hardening headers to every response. */
export function installSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  app.addHook("onSend", async (_request, reply) => {
    for (const [name, value] of Object.entries(HEADERS)) reply.header(name, value);
    if (options.https)
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  });
}
