import { TooManySignInAttemptsError } from "./auth-errors.ts";

/** Failed sign-ins allowed per e-mail and per client address in one window, and its length. */
export interface LoginLimits {
  perEmail: number;
  perAddress: number;
  windowMs: number;
}

export const LOGIN_LIMITS: LoginLimits = { perEmail: 10, perAddress: 30, windowMs: 15 * 60_000 };

interface Window {
  failures: number;
  resetAt: number;
}

const SWEEP_AT_SIZE = 10_000;

/**
 * Counts failed sign-ins per e-mail address and per client address in fixed 15-minute windows
 * that start at the first failure; past the limit every attempt is refused until the window ends.
 * The counts live in this process and start again at zero when it restarts.
 */
export class LoginThrottle {
  private readonly byEmail = new Map<string, Window>();
  private readonly byAddress = new Map<string, Window>();

  constructor(
    private readonly now: () => number,
    private readonly limits: LoginLimits = LOGIN_LIMITS,
  ) {}

  /** Throws TooManySignInAttemptsError while either count is spent. */
  check(emailKey: string, address: string): void {
    const at = this.now();
    const waits = [
      this.waitOf(this.byEmail.get(emailKey), this.limits.perEmail, at),
      this.waitOf(this.byAddress.get(address), this.limits.perAddress, at),
    ];
    const wait = Math.max(...waits);
    if (wait > 0) throw new TooManySignInAttemptsError(Math.ceil(wait / 1000));
  }

  recordFailure(emailKey: string, address: string): void {
    const at = this.now();
    this.count(this.byEmail, emailKey, at);
    this.count(this.byAddress, address, at);
  }

  /** A correct password clears the address's count (not the client's). */
  recordSuccess(emailKey: string): void {
    this.byEmail.delete(emailKey);
  }

  private waitOf(window: Window | undefined, limit: number, at: number): number {
    if (!window || window.resetAt <= at || window.failures < limit) return 0;
    return window.resetAt - at;
  }

  private count(windows: Map<string, Window>, key: string, at: number): void {
    if (windows.size >= SWEEP_AT_SIZE) {
      for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
    }
    let window = windows.get(key);
    if (!window || window.resetAt <= at) {
      window = { failures: 0, resetAt: at + this.limits.windowMs };
      windows.set(key, window);
    }
    window.failures += 1;
  }
}
