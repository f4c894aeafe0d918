import { PassThrough } from "node:stream";
import type { FastifyReply } from "fastify";
import type { LiveListener } from "../live/live-bus.ts";
import { formatLiveEvent } from "../live/live-events.ts";

export interface EventStreamOptions {
  /** How often a `: keep-alive` comment goes out, so proxies keep an idle stream open. */
  keepAliveMs?: number;
  /** The reconnection delay suggested to browsers (`retry:`). */
  retryMs?: number;
  /** A reader this far behind is cut off (it reconnects and reloads) rather than buffered for. */
  maxBufferedBytes?: number;
  credential?: string | undefined;
  /** Asked at every keep-alive; the stream ends once it answers false (the session ended). */
  stillAllowed?: (() => Promise<boolean>) | undefined;
}

/**
 * Answers with a server-sent event stream: no compression or proxy buffering, a `retry:` hint,
 * keep-alive comments, and cleanup when the reader goes away or `end` is called. `subscribe`
 * registers the listener and answers how to remove it, or null to refuse (nothing is sent then).
 */
export function sendEventStream(
  reply: FastifyReply,
  subscribe: (listener: LiveListener) => (() => void) | null,
  options: EventStreamOptions = {},
): FastifyReply | null {
  const stream = new PassThrough();
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe = () => {};
  const end = () => {
    clearInterval(timer);
    unsubscribe();
    if (!stream.writableEnded) stream.end();
  };
  const write = (text: string) => {
    if (stream.writableEnded) return;
    if (stream.writableLength > maxBuffered) return end();
    stream.write(text);
  };
  const listener: LiveListener = {
    send: (event) => write(formatLiveEvent(event)),
    end,
    credential: options.credential,
  };
  const remove = subscribe(listener);
  if (!remove) return null;
  unsubscribe = remove;
  const keepAlive = async () => {
    if (options.stillAllowed && !(await options.stillAllowed().catch(() => true))) return end();
    write(": keep-alive\n\n");
  };
  timer = setInterval(keepAlive, options.keepAliveMs ?? 25_000);
  timer.unref();
  reply.raw.on("close", end);
  stream.write(`retry: ${options.retryMs ?? 5000}\n\n`);
  return reply
    .header("content-type", "text/event-stream; charset=utf-8")
    .header("cache-control", "no-cache, no-transform")
    .header("x-accel-buffering", "no")
    .send(stream);
}
