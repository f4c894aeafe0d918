import type { FastifyRequest } from "fastify";
import { ServiceError } from "../services/service-error.ts";

export const CROSS_SITE_DETAIL = "Requests from other sites are not accepted.";

/** The origin (`https://host:port`) of an absolute URL, or undefined for anything else. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a request whose `Origin` header names another site than this server's own addresses
 * (the configured ones, or the host the request came to). Requests without the header pass.
 */
export function refuseOtherOrigins(request: FastifyRequest, allowed: ReadonlySet<string>): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (allowed.has(origin)) return;
  if (origin === `${request.protocol}://${request.host}`) return;
  throw new ServiceError("forbidden", CROSS_SITE_DETAIL);
}
