import type { LiveEvent } from "./live-events.ts";

/** One open stream of an account's events. */
export interface LiveListener {
  /** Receives an event of its account. */
  send(event: LiveEvent): void;
  /** Ends the stream (the server is closing, or what it signed in with ended). */
  end(): void;
  /** What the stream authenticated with (an API key, a session), to end it when that ends. */
  credential?: string | undefined;
}

/** Open streams an account may have at once (browser tabs, dashboards, scripts). */
export const MAX_LISTENERS_PER_ACCOUNT = 20;

/**
 * The in-process publish/subscribe of live updates: each account's listeners get that account's
 * events only. Publishers call it after their transaction committed; delivery is synchronous.
 */
export class LiveBus {
  private readonly accounts = new Map<string, Set<LiveListener>>();

  constructor(private readonly maxPerAccount = MAX_LISTENERS_PER_ACCOUNT) {}

  /** Adds a listener; answers how to remove it, or null when the account has as many as allowed. */
  subscribe(accountId: string, listener: LiveListener): (() => void) | null {
    let listeners = this.accounts.get(accountId);
    if (listeners && listeners.size >= this.maxPerAccount) return null;
    if (!listeners) {
      listeners = new Set();
      this.accounts.set(accountId, listeners);
    }
    const own = listeners;
    own.add(listener);
    return () => {
      own.delete(listener);
      if (own.size === 0 && this.accounts.get(accountId) === own) this.accounts.delete(accountId);
    };
  }

  /** Whether anyone listens to the account (publishers skip the work otherwise). */
  listening(accountId: string): boolean {
    return this.accounts.has(accountId);
  }

  /** Whether nobody listens at all. */
  get idle(): boolean {
    return this.accounts.size === 0;
  }

  /** The accounts with a stream open here. */
  protected accountIds(): Iterable<string> {
    return this.accounts.keys();
  }

  /** How many streams the account has open. */
  count(accountId: string): number {
    return this.accounts.get(accountId)?.size ?? 0;
  }

  publish(accountId: string, event: LiveEvent): void {
    for (const listener of [...(this.accounts.get(accountId) ?? [])]) listener.send(event);
  }

  /** Ends every stream opened with this credential. */
  endCredential(credential: string): void {
    for (const listeners of [...this.accounts.values()]) {
      for (const listener of [...listeners]) if (listener.credential === credential) listener.end();
    }
  }

  /** Ends every stream of an account (it was deleted). */
  endAccount(accountId: string): void {
    for (const listener of [...(this.accounts.get(accountId) ?? [])]) listener.end();
  }

  /** Ends every stream (the server is shutting down). */
  endAll(): void {
    for (const listeners of [...this.accounts.values()]) {
      for (const listener of [...listeners]) listener.end();
    }
  }
}
