import type {
  AlertView,
  CheckView,
  Group,
  HeartbeatPingsView,
  MonitorStatus,
  MonitorView,
} from "@upwatch/api";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { getSiteConfig } from "../lib/site-config.ts";
import { API_BASE } from "./api-client.ts";
import { OP } from "./operation-routes.ts";

/** What the server streams from `GET /api/v1/events`, for the signed-in account only. */
export type LiveEvent =
  | {
      type: "check";
      monitor_id: string;
      check: CheckView;
      monitor_status: MonitorStatus;
      consecutive_failures: number;
    }
  | { type: "alert"; alert: AlertView }
  | { type: "monitor"; monitor: MonitorView }
  | { type: "monitor-deleted"; monitor_id: string }
  | { type: "group"; group: Group }
  | { type: "group-deleted"; group_id: string }
  /** A heartbeat's ping arrived (a start or a paused monitor's ping stores no check). */
  | { type: "heartbeat"; monitor_id: string; heartbeat: HeartbeatPingsView }
  /** The stream came back after a break: events may have been missed, so reload. */
  | { type: "resync" };

/** Whether the screens are receiving updates right now. */
export type LiveStatus = "connecting" | "live" | "offline";

const EVENT_TYPES = [
  "check",
  "alert",
  "monitor",
  "monitor-deleted",
  "group",
  "group-deleted",
  "heartbeat",
] as const;
const EVENTS_PATH = `${API_BASE}${OP.streamEvents.url}`;
// Short enough that a page catches up soon after a server restart; one cheap request per try.
const MAX_RETRY_MS = 10_000;
const CLOSE_DELAY_MS = 5_000;

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
const statusListeners = new Set<() => void>();
let source: EventSource | null = null;
let status: LiveStatus = "connecting";
let retryMs = 1_000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let hadBreak = false;

function setStatus(next: LiveStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function emit(event: LiveEvent): void {
  for (const listener of [...listeners]) listener(event);
}

function open(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  const stream = new EventSource(`${getSiteConfig().apiUrl}${EVENTS_PATH}`, {
    withCredentials: true,
  });
  source = stream;
  setStatus("connecting");
  stream.onopen = () => {
    retryMs = 1_000;
    setStatus("live");
    if (hadBreak) emit({ type: "resync" });
    hadBreak = false;
  };
  stream.onerror = () => {
    hadBreak = true;
    setStatus("offline");
    // The browser retries a dropped stream by itself; a refused one (closed) is ours to retry.
    if (stream.readyState === EventSource.CLOSED) {
      stream.close();
      if (source === stream) source = null;
      retryTimer = setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    }
  };
  for (const type of EVENT_TYPES) {
    stream.addEventListener(type, (message) => {
      try {
        const data = JSON.parse((message as MessageEvent<string>).data) as object;
        emit({ type, ...data } as LiveEvent);
      } catch {
        // A malformed event is skipped; the next one or a resync brings the screen up to date.
      }
    });
  }
}

/** A waiting retry happens at once when the network or the tab comes back. */
function retryNow(): void {
  if (!retryTimer || document.visibilityState === "hidden") return;
  retryMs = 1_000;
  open();
}

let retryTriggersAdded = false;
function addRetryTriggers(): void {
  if (retryTriggersAdded) return;
  retryTriggersAdded = true;
  window.addEventListener("online", retryNow);
  document.addEventListener("visibilitychange", retryNow);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  clearTimeout(closeTimer);
  addRetryTriggers();
  if (!source && !retryTimer) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    // Moving from one screen to the next keeps the same stream.
    closeTimer = setTimeout(() => {
      if (listeners.size > 0) return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      source?.close();
      source = null;
      hadBreak = false;
    }, CLOSE_DELAY_MS);
  };
}

/** Calls `onEvent` for every live event while the component is shown; one stream for all. */
export function useLiveEvents(onEvent: (event: LiveEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => subscribe((event) => handler.current(event)), []);
}

/** The stream's state, for the "Live" indicator. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
    () => "connecting",
  );
}
