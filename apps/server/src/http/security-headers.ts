import type { FastifyInstance } from "fastify";
import { NON_PAGE_POLICY } from "./content-security-policy.ts";

const HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "cross-origin-opener-policy": "same-origin",
};

/** For any other HTML the server writes itself: no scripts and no inline styles. */
const SERVER_PAGE_POLICY =
  "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

/**
 * Adds the browser-hardening headers to every response. HSTS goes out when the site's public
 * address is HTTPS or the request itself came over HTTPS (directly or through a trusted proxy).
 */
export function installSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  app.addHook("onSend", async (request, reply) => {
    for (const [name, value] of Object.entries(HEADERS)) reply.header(name, value);
    if (!reply.hasHeader("content-security-policy")) {
      const html = String(reply.getHeader("content-type") ?? "").startsWith("text/html");
      reply.header("content-security-policy", html ? SERVER_PAGE_POLICY : NON_PAGE_POLICY);
    }
    if (options.https || request.protocol === "https")
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  });
}
