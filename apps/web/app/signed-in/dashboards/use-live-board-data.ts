import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLiveEvents } from "../live-events.ts";
import { dashboardDataQuery, dashboardKeys } from "./dashboard-queries.ts";

/** Live events come in bursts (a round of checks); the board reads its figures once per burst. */
const SETTLE_MS = 2_000;

/**
 * A board's figures, read again shortly after any live check, alert, monitor or group event of
 * the account (and every minute besides), so what the widgets show follows the account live.
 */
export function useLiveBoardData(id: string) {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useLiveEvents((event) => {
    if (event.type === "heartbeat") return;
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void client.invalidateQueries({ queryKey: dashboardKeys.data(id) }),
      SETTLE_MS,
    );
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useQuery(dashboardDataQuery(id));
}
