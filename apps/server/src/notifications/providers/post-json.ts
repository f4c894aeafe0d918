import { type PostAnswer, PostTimeoutError, postThroughGuard } from "@upwatch/checks";
import { DeliveryError, type ProviderDeps } from "../provider.ts";

/**
 * One JSON POST through the network guard with the channel's time limit. The answer comes back
 * whatever its status; a timeout or a refused or failed connection is a DeliveryError.
 */
export async function postJson(
  url: string,
  body: unknown,
  deps: ProviderDeps,
): Promise<PostAnswer> {
  try {
    return await postThroughGuard({
      url,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      timeoutMs: deps.timeoutMs,
      network: deps.network,
    });
  } catch (error) {
    if (error instanceof PostTimeoutError) throw new DeliveryError(error.message, true);
    throw new DeliveryError(error instanceof Error ? error.message : String(error));
  }
}

/** A JSON answer's string field, or null when the answer is not JSON or lacks it. */
export function answerField(answer: PostAnswer, field: string): unknown {
  try {
    const parsed: unknown = JSON.parse(answer.body);
    return typeof parsed === "object" && parsed !== null
      ? (parsed as Record<string, unknown>)[field]
      : undefined;
  } catch {
    return undefined;
  }
}
