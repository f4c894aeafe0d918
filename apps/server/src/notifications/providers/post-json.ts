import { type PostAnswer, PostTimeoutError, postThroughGuard } from "@upwatch/checks";
import { type Delivery, DeliveryError, type ProviderDeps } from "../provider.ts";

/** One request a provider makes: to a channel's URL or to the service's address. */
export interface ServiceRequest {
  url: string;
  method?: "POST" | "PUT";
  /** Added to the JSON content type: an authorization header, say. */
  headers?: Record<string, string>;
  body: unknown;
}

/**
 * One JSON request through the network guard with the channel's time limit. The answer comes
 * back whatever its status; a timeout or a refused or failed connection is a DeliveryError.
 */
export async function sendJson(request: ServiceRequest, deps: ProviderDeps): Promise<PostAnswer> {
  try {
    return await postThroughGuard({
      url: request.url,
      ...(request.method ? { method: request.method } : {}),
      headers: { "content-type": "application/json; charset=utf-8", ...request.headers },
      body: JSON.stringify(request.body),
      timeoutMs: deps.timeoutMs,
      network: deps.network,
    });
  } catch (error) {
    if (error instanceof PostTimeoutError) throw new DeliveryError(error.message, true);
    throw new DeliveryError(error instanceof Error ? error.message : String(error));
  }
}

/** One JSON POST to the channel's own URL (a chat service's webhook). */
export function postJson(
  delivery: Delivery,
  body: unknown,
  deps: ProviderDeps,
): Promise<PostAnswer> {
  return sendJson({ url: delivery.channel.config.url ?? "", body }, deps);
}
