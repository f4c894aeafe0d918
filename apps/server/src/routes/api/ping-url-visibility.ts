import type { LiveEvent } from "../../live/live-events.ts";
import type { AccountAccess } from "../../services/accounts/account-access.ts";
import type { HeartbeatView } from "../../services/heartbeats/load-heartbeats.ts";

/**
 * A ping URL is a job's credential (anyone holding it can report the job fine or failed), so only
 * those who may manage monitors read it; viewers and read-only keys see the rest of the heartbeat.
 */
export function mayReadPingUrls(access: AccountAccess): boolean {
  return !access.permissions || access.permissions.has("monitors.manage");
}

/** The heartbeats as `access` may read them. */
export function heartbeatsFor(
  access: AccountAccess,
  views: ReadonlyMap<string, HeartbeatView>,
): ReadonlyMap<string, HeartbeatView> {
  if (mayReadPingUrls(access)) return views;
  return new Map([...views].map(([id, view]) => [id, { ...view, pingUrl: null }]));
}

/** A live event as `access` may read it. */
export function liveEventFor(access: AccountAccess, event: LiveEvent): LiveEvent {
  if (event.name !== "monitor" || !event.data.monitor.heartbeat || mayReadPingUrls(access)) {
    return event;
  }
  const { monitor } = event.data;
  return {
    ...event,
    data: { monitor: { ...monitor, heartbeat: { ...monitor.heartbeat!, ping_url: null } } },
  };
}
