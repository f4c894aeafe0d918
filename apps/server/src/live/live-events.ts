import type {
  alertResponse,
  checkResultResponse,
  groupResponse,
  heartbeatPingsResponse,
  monitorResponse,
} from "@upwatch/api";
import type { z } from "zod";
import type { MonitorStatus } from "../services/monitors/monitor-status.ts";

/** What an account's live stream carries; each `data` has the shape the REST API answers with. */
export type LiveEvent =
  | {
      name: "check";
      data: {
        monitor_id: string;
        check: z.infer<typeof checkResultResponse>;
        monitor_status: MonitorStatus;
        /** Failed checks in a row after this one, as the monitor's answer counts them. */
        consecutive_failures: number;
      };
    }
  | { name: "alert"; data: { alert: z.infer<typeof alertResponse> } }
  | { name: "monitor"; data: { monitor: z.infer<typeof monitorResponse> } }
  | { name: "monitor-deleted"; data: { monitor_id: string } }
  | { name: "group"; data: { group: z.infer<typeof groupResponse> } }
  | { name: "group-deleted"; data: { group_id: string } }
  | {
      name: "heartbeat";
      data: { monitor_id: string; heartbeat: z.infer<typeof heartbeatPingsResponse> };
    };

/** An event in the server-sent events format. */
export function formatLiveEvent(event: LiveEvent): string {
  return `event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
