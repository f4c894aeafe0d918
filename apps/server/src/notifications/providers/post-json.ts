import { type PostAnswer, PostTimeoutError, postThroughGuard } from "@upwatch/checks";
import { DeliveryError, type DeliveryReceipt, type ProviderDeps } from "../provider.ts";

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

/** One JSON request that delivers on a 2xx answer; any other answer becomes `refusal`'s sentence. */
export async function deliverJson(
  request: ServiceRequest,
  deps: ProviderDeps,
  refusal: (answer: PostAnswer) => DeliveryError,
): Promise<DeliveryReceipt> {
  const answer = await sendJson(request, deps);
  if (answer.statusCode >= 200 && answer.statusCode < 300) return { kind: "delivered" };
  throw refusal(answer);
}
