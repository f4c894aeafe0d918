import { type PostAnswer, PostTimeoutError, postThroughGuard } from "@upwatch/checks";
import { type Delivery, DeliveryError, type ProviderDeps } from "../provider.ts";

/** A JSON error answer's code and message, as Google's and Microsoft's APIs write them. */
export interface ErrorAnswer {
  code: string | null;
  message: string | null;
}

/** Reads `{"error": {"code", "status", "message"}}`; both null for any other body. */
export function readErrorAnswer(body: string): ErrorAnswer {
  try {
    const parsed = JSON.parse(body) as {
      error?: { code?: unknown; status?: unknown; message?: unknown };
    };
    const error = parsed.error;
    if (!error || typeof error !== "object") return { code: null, message: null };
    const code = typeof error.status === "string" ? error.status : error.code;
    return {
      code: typeof code === "string" || typeof code === "number" ? String(code) : null,
      message: typeof error.message === "string" ? error.message.trim().slice(0, 200) : null,
    };
  } catch {
    return { code: null, message: null };
  }
}

/**
 * One JSON POST to the channel's URL through the network guard, with the channel's time limit.
 * A connection that fails becomes a DeliveryError; the answer, whatever its status, is returned.
 */
export async function postCard(
  delivery: Delivery,
  deps: ProviderDeps,
  body: object,
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
