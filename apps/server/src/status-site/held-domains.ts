import type { FastifyInstance } from "fastify";
import type { CustomDomainDirectory } from "./custom-domains.ts";

/**
 * Sends visitors of a custom domain whose page's account left the white-label plan to the same
 * place at the page's Upwatch address, rather than showing them the product's own site.
 */
export function redirectHeldDomains(
  app: FastifyInstance,
  domains: CustomDomainDirectory,
  publicUrl: string,
): void {
  const origin = publicUrl.replace(/\/$/, "");
  app.addHook("onRequest", async (request, reply) => {
    const path = domains.heldPath({ url: request.url, headers: request.headers });
    if (path) return reply.redirect(`${origin}${path}`, 302);
  });
}
