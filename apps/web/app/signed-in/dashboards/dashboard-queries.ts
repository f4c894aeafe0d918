import { queryOptions } from "@tanstack/react-query";
import { call } from "../api-call.ts";
import { APP_BASE } from "../api-client.ts";
import { OP } from "../operation-routes.ts";

export const DASHBOARDS_PATH = `${APP_BASE}/dashboards`;
export const dashboardPath = (id: string) => `${DASHBOARDS_PATH}/${encodeURIComponent(id)}`;
export const dashboardWallPath = (id: string) => `${dashboardPath(id)}/wall`;

/** Besides the live stream, figures are read again this often, so charts move on an idle board. */
export const BOARD_REFRESH_MS = 60_000;

/** Everything about boards sits under `dashboards`, so one invalidation reads it all again. */
export const dashboardKeys = {
  all: ["dashboards"] as const,
  board: (id: string) => ["dashboards", id] as const,
  data: (id: string) => ["dashboards", id, "data"] as const,
  links: (id: string) => ["dashboards", id, "links"] as const,
};

export const dashboardsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.all, queryFn: () => call(OP.listDashboards) });

export const dashboardQuery = (id: string) =>
  queryOptions({
    queryKey: dashboardKeys.board(id),
    queryFn: () => call(OP.getDashboard, { params: { id } }),
  });

export const dashboardDataQuery = (id: string) =>
  queryOptions({
    queryKey: dashboardKeys.data(id),
    queryFn: () => call(OP.getDashboardData, { params: { id } }),
    refetchInterval: BOARD_REFRESH_MS,
  });

export const shareLinksQuery = (id: string) =>
  queryOptions({
    queryKey: dashboardKeys.links(id),
    queryFn: () => call(OP.listDashboardShareLinks, { params: { id } }),
  });
