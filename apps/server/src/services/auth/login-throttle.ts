import { TooManySignInAttemptsError } from "./auth-errors.ts";

/** Failed sign-ins allowed per e-mail and per client address in one window, and its length. */
export interface LoginLimits {
  perEmail: number;
  perAddress: number;
  windowMs: number;
}

export const LOGIN_LIMITS: LoginLimits = { perEmail: 10, perAddress: 30, windowMs: 15 * 60_000 };

/** The failures counted under a key, and how long until their window ends. */
export interface FailureWindow {
  failures: number;
  endsInMs: number;
}

/** Where failed sign-ins are counted: in this process, or shared by every server process. */
export interface LoginFailureCounts {
  /** Each key's window, or undefined when it has no failures in a window that still runs. */
  read(keys: readonly string[]): Promise<(FailureWindow | undefined)[]>;
  /** Counts a failure under each key; a key's window starts at its first failure. */
  add(keys: readonly string[], windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
  /** Takes back one failure counted under the key (an attempt counted first that was right). */
  takeBack(key: string): Promise<void>;
}

/**
 * Counts failed sign-ins per e-mail address and per client address in fixed 15-minute windows
 * that start at the first failure; past the limit every attempt is refused until the window ends.
 * The counts live where `counts` keeps them: in this process by default, in Redis when the
 * server processes share one.
 */
export class LoginThrottle {
  constructor(
    now: () => number,
    private readonly limits: LoginLimits = LOGIN_LIMITS,
    private readonly counts: LoginFailureCounts = memoryLoginFailures(now),
  ) {}

  /** Throws TooManySignInAttemptsError while either count is spent. */
  async check(emailKey: string, address: string): Promise<void> {
    const [byEmail, byAddress] = await this.counts.read([emailOf(emailKey), addressOf(address)]);
    const wait = Math.max(
      waitOf(byEmail, this.limits.perEmail),
      waitOf(byAddress, this.limits.perAddress),
    );
    if (wait > 0) throw new TooManySignInAttemptsError(Math.ceil(wait / 1000));
  }

  /**
   * Counts an attempt as a failure before it is checked, then refuses it when the count went
   * past either limit: requests sent in parallel cannot all pass one check before any failure is
   * counted. A right answer then settles the attempt with `recordClaimedSuccess`.
   */
  async claim(emailKey: string, address: string): Promise<void> {
    await this.recordFailure(emailKey, address);
    const [byEmail, byAddress] = await this.counts.read([emailOf(emailKey), addressOf(address)]);
    const wait = Math.max(
      waitOf(byEmail, this.limits.perEmail + 1),
      waitOf(byAddress, this.limits.perAddress + 1),
    );
    if (wait > 0) throw new TooManySignInAttemptsError(Math.ceil(wait / 1000));
  }

  recordFailure(emailKey: string, address: string): Promise<void> {
    return this.counts.add([emailOf(emailKey), addressOf(address)], this.limits.windowMs);
  }

  /**
   * An attempt counted by `claim` was right: the address's count is cleared and the client's
   * loses that attempt again, so people signing in right from one network are not held up.
   */
  async recordClaimedSuccess(emailKey: string, address: string): Promise<void> {
    await this.counts.clear(emailOf(emailKey));
    await this.counts.takeBack(addressOf(address));
  }

  /** A correct password clears the address's count (not the client's). */
  recordSuccess(emailKey: string): Promise<void> {
    return this.counts.clear(emailOf(emailKey));
  }
}

const emailOf = (emailKey: string) => `email:${emailKey}`;
const addressOf = (address: string) => `address:${address}`;

function waitOf(window: FailureWindow | undefined, limit: number): number {
  if (!window || window.endsInMs <= 0 || window.failures < limit) return 0;
  return window.endsInMs;
}

const SWEEP_AT_SIZE = 10_000;

/** Counts kept in this process; they start again at zero when it restarts. */
export function memoryLoginFailures(now: () => number): LoginFailureCounts {
  const windows = new Map<string, { failures: number; resetAt: number }>();
  return {
    read: async (keys) => {
      const at = now();
      return keys.map((key) => {
        const window = windows.get(key);
        if (!window || window.resetAt <= at) return undefined;
        return { failures: window.failures, endsInMs: window.resetAt - at };
      });
    },
    add: async (keys, windowMs) => {
      const at = now();
      if (windows.size >= SWEEP_AT_SIZE) {
        for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
      }
      for (const key of keys) {
        let window = windows.get(key);
        if (!window || window.resetAt <= at) {
          window = { failures: 0, resetAt: at + windowMs };
          windows.set(key, window);
        }
        window.failures += 1;
      }
    },
    clear: async (key) => {
      windows.delete(key);
    },
    takeBack: async (key) => {
      const window = windows.get(key);
      if (window && window.failures > 0) window.failures -= 1;
    },
  };
}
