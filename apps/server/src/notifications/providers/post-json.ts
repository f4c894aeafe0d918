import { type PostAnswer, PostTimeoutError, postThroughGuard } from "@upwatch/checks";
import { type Delivery, DeliveryError, type ProviderDeps } from "../provider.ts";

/**
 * One JSON POST to the channel's URL through the network guard with the channel's time limit.
 * The answer comes back whatever its status; a timeout or a refused or failed connection is a
 * DeliveryError.
 */
export async function postJson(
  delivery: Delivery,
  body: unknown,
  deps: ProviderDeps,
): Promise<PostAnswer> {
  try {
    return await postThroughGuard({
      url: delivery.channel.config.url ?? "",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify(body),
      timeoutMs: deps.timeoutMs,
      network: deps.network,
    });
  } catch (error) {
    if (error instanceof PostTimeoutError) throw new DeliveryError(error.message, true);
    throw new DeliveryError(error instanceof Error ? error.message : String(error));
  }
}
