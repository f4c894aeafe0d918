import type { FastifyInstance, FastifyRequest } from "fastify";
import { RateLimitStoreUnreachableError } from "./counting-store.ts";

type Limiter = ReturnType<FastifyInstance["createRateLimit"]>;

/** What a limiter counted for this request, or undefined when it let it through uncounted. */
export type Counted = Extract<Awaited<ReturnType<Limiter>>, { isAllowed: false }>;

/**
 * Counts the request with a limiter. When the store cannot be reached the request is let
 * through (logged): refusing every visitor while Redis is away would be worse than no limit.
 */
export async function countRequest(
  limiter: Limiter,
  request: FastifyRequest,
): Promise<Counted | undefined> {
  try {
    const result = await limiter(request);
    return result.isAllowed ? undefined : result;
  } catch (error) {
    if (!(error instanceof RateLimitStoreUnreachableError)) throw error;
    request.log.warn({ err: error }, "rate limit not counted: its store is unreachable");
    return undefined;
  }
}
