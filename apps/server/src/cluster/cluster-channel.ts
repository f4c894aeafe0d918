import { randomBytes } from "node:crypto";
import type { PostgresConnection } from "@upwatch/db";
import type pg from "pg";
import { type ClusterLog, clusterNameOf, openDedicatedConnection } from "./dedicated-connection.ts";

export interface ClusterChannelOptions {
  connection: PostgresConnection;
  log: ClusterLog;
  /** How long to wait before listening again after the connection was lost. */
  reconnectMs?: number;
}

type Handler = (message: unknown, from: string) => void;

/** A notification's payload must stay under 8000 bytes; a part leaves room for its header. */
const PART_BYTES = 7_800;
const PART_UNITS = 2_600;
/** A message whose parts stopped coming (its sender died mid-way) is forgotten after this. */
const PARTIAL_TTL_MS = 30_000;

/**
 * Messages between the server processes of one database, over PostgreSQL LISTEN/NOTIFY on a
 * connection of its own. A message is JSON of any size: it is cut into parts that fit a
 * notification, all sent in one statement (so they arrive together, in order) and joined
 * again on receipt. A process never receives its own messages. Delivery is at most once:
 * what is sent while a process is reconnecting is not seen by it.
 */
export class ClusterChannel {
  /** This process among the others. */
  readonly origin = randomBytes(8).toString("hex");
  private client: pg.Client | undefined;
  private name: string | undefined;
  private readonly handlers = new Map<string, Handler[]>();
  private readonly reconnected: (() => void)[] = [];
  private readonly partial = new Map<string, { parts: string[]; left: number; at: number }>();
  private sending: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private sequence = 0;

  constructor(private readonly options: ClusterChannelOptions) {}

  /** Hears every message of `topic` other processes send. */
  on(topic: string, handler: Handler): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  /** Hears that the connection was lost and is back: messages may have been missed. */
  onReconnect(handler: () => void): void {
    this.reconnected.push(handler);
  }

  /** Listens; rejects when the database cannot be reached. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.sending.catch(() => {});
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  /** Sends a message to every other process; answers whether it went out. */
  send(topic: string, message: unknown): Promise<boolean> {
    const text = JSON.stringify(message);
    const id = `${this.origin}.${(this.sequence++).toString(36)}`;
    const pieces = cut(text);
    const payloads = pieces.map(
      (piece, index) => `${topic} ${id} ${index} ${pieces.length} ${piece}`,
    );
    const sent = this.sending.then(async () => {
      const client = this.client;
      if (!client || !this.name) return false;
      try {
        await client.query("select pg_notify($1, p) from unnest($2::text[]) as p", [
          this.name,
          payloads,
        ]);
        return true;
      } catch (error) {
        this.options.log.warn(
          { err: error, topic },
          "sending to the other server processes failed",
        );
        return false;
      }
    });
    this.sending = sent;
    return sent;
  }

  private async listen(): Promise<void> {
    const client = await openDedicatedConnection(
      this.options.connection,
      `upwatch cluster ${this.origin}`,
    );
    try {
      this.name = `upwatch_${await clusterNameOf(client)}`;
      client.on("notification", (notification) => {
        if (notification.channel === this.name) this.receive(notification.payload ?? "");
      });
      await client.query(`listen ${this.name}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) {
      // Stopped while connecting: this connection must not keep the process alive.
      await client.end().catch(() => {});
      return;
    }
    client.on("end", () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.options.log.warn({}, "the connection to the other server processes was lost");
      this.reconnectLater();
    });
    this.client = client;
  }

  private reconnectLater(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.listen().then(
        () => {
          for (const handler of this.reconnected) handler();
        },
        () => this.reconnectLater(),
      );
    }, this.options.reconnectMs ?? 2_000);
  }

  private receive(payload: string): void {
    const [topic, id, index, count] = payload.split(" ", 4) as [string, string, string, string];
    const origin = id.slice(0, id.indexOf("."));
    if (origin === this.origin) return;
    const piece = payload.slice(topic.length + id.length + index.length + count.length + 4);
    const total = Number(count);
    let text = piece;
    if (total > 1) {
      const now = Date.now();
      for (const [key, entry] of this.partial)
        if (now - entry.at > PARTIAL_TTL_MS) this.partial.delete(key);
      const entry = this.partial.get(id) ?? {
        parts: new Array<string>(total),
        left: total,
        at: now,
      };
      this.partial.set(id, entry);
      if (entry.parts[Number(index)] === undefined) entry.left -= 1;
      entry.parts[Number(index)] = piece;
      if (entry.left > 0) return;
      this.partial.delete(id);
      text = entry.parts.join("");
    }
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.options.log.warn(
        { topic },
        "an unreadable message from another server process was ignored",
      );
      return;
    }
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(message, origin);
      } catch (error) {
        this.options.log.warn(
          { err: error, topic },
          "handling a message from another server process failed",
        );
      }
    }
  }
}

/** Cuts text into pieces that each fit a notification, never inside a character. */
function cut(text: string): string[] {
  if (Buffer.byteLength(text) <= PART_BYTES) return [text];
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + PART_UNITS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
