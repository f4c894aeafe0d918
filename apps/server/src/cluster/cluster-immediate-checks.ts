import { randomBytes } from "node:crypto";
import type { ImmediateCheck, ImmediateChecks } from "../engine/engine-ports.ts";
import type { ClusterChannel } from "./cluster-channel.ts";
import type { ClusterLog } from "./dedicated-connection.ts";
import type { Leadership } from "./leadership.ts";
import type { LoadMonitor } from "./load-monitor.ts";

export interface ClusterImmediateChecksOptions {
  leadership: Leadership;
  channel: ClusterChannel;
  /** The engine this process runs while it leads. */
  engine: ImmediateChecks;
  load: LoadMonitor;
  log: ClusterLog;
  /** How long a follower waits for the leader's answer before it gives up. */
  timeoutMs?: number;
}

type CheckMessage =
  | { kind: "check"; request: string; monitorId: string; gapMs: number }
  | { kind: "answer"; request: string; to: string; check: ImmediateCheck };

const TOPIC = "check-now";

/** "Check now" on any process of the cluster, with a way to give up the waiting ones. */
export interface ClusterImmediateChecks extends ImmediateChecks {
  /** Answers every forwarded check still waiting with "not-run" (the server is closing). */
  stop(): void;
}

/**
 * "Check now" on a server among several: the leader checks with its own engine; a follower
 * forwards the request to the leader and answers once the leader stored the check (or
 * "not-run" when no answer came within a minute: no leader, or it died meanwhile).
 */
export function clusterImmediateChecks(
  options: ClusterImmediateChecksOptions,
): ClusterImmediateChecks {
  const { leadership, channel, engine, load, log } = options;
  const waiting = new Map<string, { answer: (check: ImmediateCheck) => void }>();

  async function checkForFollower(request: string, monitorId: string, gapMs: number, to: string) {
    const monitor = await load(monitorId);
    const check: ImmediateCheck = monitor
      ? await engine.checkNow(monitor, gapMs)
      : { outcome: "not-run" };
    await channel.send(TOPIC, { kind: "answer", request, to, check } satisfies CheckMessage);
  }

  channel.on(TOPIC, (raw, from) => {
    const message = raw as CheckMessage;
    if (message.kind === "answer") {
      if (message.to === channel.origin) waiting.get(message.request)?.answer(message.check);
      return;
    }
    if (!leadership.isLeader()) return;
    checkForFollower(message.request, message.monitorId, message.gapMs, from).catch(
      (error: unknown) => log.warn({ err: error }, "checking now for another process failed"),
    );
  });

  return {
    checkNow: (monitor, gapMs) => {
      if (leadership.isLeader()) return engine.checkNow(monitor, gapMs);
      const request = randomBytes(9).toString("base64url");
      return new Promise<ImmediateCheck>((resolve) => {
        const timer = setTimeout(
          () => entry.answer({ outcome: "not-run" }),
          options.timeoutMs ?? 60_000,
        );
        const entry = {
          answer: (check: ImmediateCheck) => {
            clearTimeout(timer);
            waiting.delete(request);
            resolve(check);
          },
        };
        waiting.set(request, entry);
        const message: CheckMessage = { kind: "check", request, monitorId: monitor.id, gapMs };
        void channel.send(TOPIC, message).then((sent) => {
          if (!sent) entry.answer({ outcome: "not-run" });
        });
      });
    },
    stop: () => {
      for (const entry of [...waiting.values()]) entry.answer({ outcome: "not-run" });
    },
  };
}
