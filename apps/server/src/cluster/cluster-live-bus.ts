import { LiveBus, type LiveListener, MAX_LISTENERS_PER_ACCOUNT } from "../live/live-bus.ts";
import type { LiveEvent } from "../live/live-events.ts";
import type { ClusterChannel } from "./cluster-channel.ts";

export interface ClusterLiveBusOptions {
  /** Open streams per account on this process. */
  maxPerAccount?: number;
  /** How often this process repeats which accounts it has streams for. */
  announceEveryMs?: number;
  /** How long another process's announcement holds when it is not repeated (it died). */
  announcementTtlMs?: number;
  now?: () => number;
}

type LiveMessage =
  | { kind: "events"; events: { account: string; event: LiveEvent }[] }
  | { kind: "listening"; accounts: string[] }
  | { kind: "hello" }
  | { kind: "end-credential"; credential: string }
  | { kind: "end-account"; account: string };

const TOPIC = "live";

/**
 * The live bus of a server among several on one PostgreSQL: streams opened on any process get
 * the events published on every process. Local listeners get an event at once, as on the
 * in-process bus; it goes to the other processes only when one of them has a stream for the
 * account. Each process announces the accounts it has streams for when they change and every
 * 30 s, and an announcement not repeated for 90 s is forgotten, so `listening` and `idle` tell
 * publishers whether anyone anywhere listens.
 */
export class ClusterLiveBus extends LiveBus {
  private readonly remote = new Map<string, { accounts: Set<string>; until: number }>();
  private pending: { account: string; event: LiveEvent }[] = [];
  private flushing = false;
  private announcing = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly now: () => number;
  private readonly announceEveryMs: number;
  private readonly ttlMs: number;

  constructor(
    private readonly channel: ClusterChannel,
    options: ClusterLiveBusOptions = {},
  ) {
    super(options.maxPerAccount ?? MAX_LISTENERS_PER_ACCOUNT);
    this.now = options.now ?? Date.now;
    this.announceEveryMs = options.announceEveryMs ?? 30_000;
    this.ttlMs = options.announcementTtlMs ?? 90_000;
    channel.on(TOPIC, (message, from) => this.receive(message as LiveMessage, from));
    channel.onReconnect(() => this.greet());
  }

  /** Asks the other processes who listens, says who listens here, and repeats it periodically. */
  start(): void {
    this.greet();
    this.timer = setInterval(() => this.announceLater(), this.announceEveryMs);
    this.timer.unref();
  }

  /** Tells the others this process has no streams any more, and forgets theirs. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopped = true;
    this.remote.clear();
    await this.channel.send(TOPIC, { kind: "listening", accounts: [] } satisfies LiveMessage);
  }

  override subscribe(accountId: string, listener: LiveListener): (() => void) | null {
    const first = !super.listening(accountId);
    const remove = super.subscribe(accountId, listener);
    if (!remove) return null;
    if (first) this.announceLater();
    return () => {
      remove();
      if (!super.listening(accountId)) this.announceLater();
    };
  }

  override listening(accountId: string): boolean {
    return super.listening(accountId) || this.listenedElsewhere(accountId);
  }

  override get idle(): boolean {
    if (!super.idle) return false;
    const now = this.now();
    for (const entry of this.remote.values()) {
      if (entry.until > now && entry.accounts.size > 0) return false;
    }
    return true;
  }

  override publish(accountId: string, event: LiveEvent): void {
    super.publish(accountId, event);
    if (!this.listenedElsewhere(accountId)) return;
    this.pending.push({ account: accountId, event });
    if (this.flushing) return;
    this.flushing = true;
    // Events published together (a batch of stored checks) travel as one message.
    setImmediate(() => {
      this.flushing = false;
      const events = this.pending;
      this.pending = [];
      void this.channel.send(TOPIC, { kind: "events", events } satisfies LiveMessage);
    });
  }

  override endCredential(credential: string): void {
    super.endCredential(credential);
    void this.channel.send(TOPIC, { kind: "end-credential", credential } satisfies LiveMessage);
  }

  override endAccount(accountId: string): void {
    super.endAccount(accountId);
    void this.channel.send(TOPIC, {
      kind: "end-account",
      account: accountId,
    } satisfies LiveMessage);
  }

  private listenedElsewhere(accountId: string): boolean {
    const now = this.now();
    for (const entry of this.remote.values()) {
      if (entry.until > now && entry.accounts.has(accountId)) return true;
    }
    return false;
  }

  private greet(): void {
    void this.channel.send(TOPIC, { kind: "hello" } satisfies LiveMessage);
    this.announceLater();
  }

  /** Announces this process's accounts once the changes of this moment are done. */
  private announceLater(): void {
    if (this.announcing) return;
    this.announcing = true;
    setImmediate(() => {
      this.announcing = false;
      void this.channel.send(TOPIC, {
        kind: "listening",
        accounts: this.localAccounts(),
      } satisfies LiveMessage);
    });
  }

  private localAccounts(): string[] {
    return [...this.accountIds()];
  }

  private receive(message: LiveMessage, from: string): void {
    if (this.stopped) return;
    switch (message.kind) {
      case "events":
        for (const { account, event } of message.events) super.publish(account, event);
        return;
      case "listening":
        if (message.accounts.length === 0) this.remote.delete(from);
        else
          this.remote.set(from, {
            accounts: new Set(message.accounts),
            until: this.now() + this.ttlMs,
          });
        return;
      case "hello":
        if (!super.idle) this.announceLater();
        return;
      case "end-credential":
        super.endCredential(message.credential);
        return;
      case "end-account":
        super.endAccount(message.account);
        return;
    }
  }
}
