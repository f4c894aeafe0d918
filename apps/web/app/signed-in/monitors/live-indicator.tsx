import { useLiveStatus } from "../live-events.ts";

const WORDS = {
  live: "Live",
  connecting: "Connecting…",
  offline: "Reconnecting…",
} as const;

/** Says whether the screen updates by itself right now. */
export function LiveIndicator() {
  const status = useLiveStatus();
  return (
    <span className={`live-indicator live-${status}`} title="Updates appear without reloading">
      <span className="live-dot" aria-hidden="true" />
      {WORDS[status]}
    </span>
  );
}
