/** A heartbeat monitor's ping URL and what its pings said (times in epoch milliseconds). */
export interface HeartbeatTable {
  monitor_id: string;
  /** Hex SHA-256 of the URL's token: how a ping finds its monitor. */
  token_hash: string;
  /** The token itself, sealed under the secrets key, to show the URL again. */
  token_sealed: string;
  /** When the next ping must have arrived; past it, the monitor is late. */
  due_at: number;
  last_ping_at: number | null;
  last_started_at: number | null;
  /** Milliseconds between the last start signal and the success that followed it. */
  last_run_ms: number | null;
  /** `success`, `start` or `fail`. */
  last_signal: string | null;
  /** The first KiB of the last ping's body, as text. */
  last_body: string | null;
  created_at: number;
}
