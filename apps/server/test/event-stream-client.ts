import { get, type IncomingMessage } from "node:http";

/** One server-sent event as a browser's EventSource would see it. */
export interface ReceivedEvent {
  event: string;
  data: unknown;
}

/** An open event stream read over a real socket. */
export interface EventStreamReader {
  response: IncomingMessage;
  events: ReceivedEvent[];
  /** Everything received, comments included. */
  text(): string;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Waits for an event matching `match` (already received or to come). */
  next(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
}

/** Opens `url` as an event stream; resolves once the answer's headers arrived. */
export function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<EventStreamReader> {
  return new Promise((resolve, reject) => {
    const request = get(
      url,
      { headers: { accept: "text/event-stream", ...headers } },
      (response) => {
        let received = "";
        let pending = "";
        const events: ReceivedEvent[] = [];
        const waiters = new Set<() => void>();
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          received += chunk;
          pending += chunk;
          let cut = pending.indexOf("\n\n");
          while (cut !== -1) {
            const block = pending.slice(0, cut);
            pending = pending.slice(cut + 2);
            const lines = block.split("\n");
            const name = lines.find((line) => line.startsWith("event: "));
            const data = lines.find((line) => line.startsWith("data: "));
            if (name && data)
              events.push({ event: name.slice(7), data: JSON.parse(data.slice(6)) });
            cut = pending.indexOf("\n\n");
          }
          for (const waiter of waiters) waiter();
        });
        const ended = new Promise<void>((done) => {
          response.on("end", done);
          response.on("close", done);
        });
        resolve({
          response,
          events,
          text: () => received,
          ended,
          next: (match, timeoutMs = 10_000) =>
            new Promise((found, fail) => {
              const look = () => {
                const event = events.find(match);
                if (!event) return false;
                waiters.delete(look);
                clearTimeout(timer);
                found(event);
                return true;
              };
              const timer = setTimeout(() => {
                waiters.delete(look);
                fail(new Error(`No matching event within ${timeoutMs} ms; got ${received}`));
              }, timeoutMs);
              if (!look()) waiters.add(look);
            }),
          close: () => request.destroy(),
        });
      },
    );
    request.on("error", reject);
  });
}
