import type { MonitorChanges } from "../engine/engine-ports.ts";
import type { ClusterChannel } from "./cluster-channel.ts";
import type { ClusterLog } from "./dedicated-connection.ts";
import type { Leadership } from "./leadership.ts";
import type { LoadMonitor } from "./load-monitor.ts";

export interface ClusterMonitorChangesOptions {
  leadership: Leadership;
  channel: ClusterChannel;
  /** The engine this process runs while it leads. */
  engine: MonitorChanges;
  load: LoadMonitor;
  log: ClusterLog;
}

type ChangeMessage =
  | { kind: "saved"; monitorId: string }
  | { kind: "removed"; monitorId: string; accountId: string };

const TOPIC = "monitors";

/**
 * Monitor changes made on any process reach the leader's engine at once: the leader applies
 * its own, a follower sends the monitor's id and the leader reads the stored monitor. Changes
 * are applied in the order they arrive, so a monitor deleted right after a change stays gone.
 * What a leader misses while it takes over, its engine reads when it starts.
 */
export function clusterMonitorChanges(options: ClusterMonitorChangesOptions): MonitorChanges {
  const { leadership, channel, engine, load, log } = options;
  let applying = Promise.resolve();
  channel.on(TOPIC, (message) => {
    if (!leadership.isLeader()) return;
    const change = message as ChangeMessage;
    applying = applying
      .then(async () => {
        if (change.kind === "removed") {
          engine.removed(change.monitorId, change.accountId);
          return;
        }
        const monitor = await load(change.monitorId);
        if (monitor) engine.saved(monitor);
      })
      .catch((error: unknown) =>
        log.warn({ err: error }, "applying a monitor change from another process failed"),
      );
  });
  return {
    saved: (monitor) => {
      if (leadership.isLeader()) engine.saved(monitor);
      else
        void channel.send(TOPIC, { kind: "saved", monitorId: monitor.id } satisfies ChangeMessage);
    },
    removed: (monitorId, accountId) => {
      if (leadership.isLeader()) engine.removed(monitorId, accountId);
      else
        void channel.send(TOPIC, {
          kind: "removed",
          monitorId,
          accountId,
        } satisfies ChangeMessage);
    },
  };
}
