import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import agentsCss from "../../signed-in/agents/agents.css?url";
import { problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { cellsOf, figuresById } from "../../signed-in/dashboards/board-cells.ts";
import { BoardWall } from "../../signed-in/dashboards/board-wall.tsx";
import {
  DashboardPlanWall,
  usePlanHasDashboards,
} from "../../signed-in/dashboards/dashboard-plan-wall.tsx";
import { dashboardPath, dashboardQuery } from "../../signed-in/dashboards/dashboard-queries.ts";
import css from "../../signed-in/dashboards/dashboards.css?url";
import { useLiveBoardData } from "../../signed-in/dashboards/use-live-board-data.ts";
import monitorDetailCss from "../../signed-in/monitor-detail/monitor-detail.css?url";
import { LiveIndicator } from "../../signed-in/monitors/live-indicator.tsx";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import type { AppScreenHandle } from "../../signed-in/screen-frame.ts";
import { LoadError } from "../../signed-in/ui/load-error.tsx";

export const links = () => [
  stylesheet(monitorsCss),
  stylesheet(monitorDetailCss),
  stylesheet(agentsCss),
  stylesheet(css),
];

export const handle: AppScreenHandle = { frame: "bare" };

export function meta() {
  return appMeta("Wall display");
}

/** A board alone on the screen for a TV: it follows the live stream and reads every minute. */
export default function DashboardWall() {
  return usePlanHasDashboards() ? <Wall /> : <DashboardPlanWall />;
}

function Wall() {
  const id = useParams().id ?? "";
  const board = useQuery(dashboardQuery(id));
  const data = useLiveBoardData(id);
  if (board.isError) {
    return <LoadError message={problemText(board.error)} onRetry={() => void board.refetch()} />;
  }
  if (!board.data) {
    return (
      <p className="loading-line" role="status">
        Loading the board…
      </p>
    );
  }
  return (
    <BoardWall
      name={board.data.name}
      cells={cellsOf(board.data, figuresById(data.data))}
      at={data.dataUpdatedAt || undefined}
      stale={data.isError && data.data ? problemText(data.error) : undefined}
      meta={
        <>
          <LiveIndicator />
          <Link to={dashboardPath(id)} className="button button-ghost button-small">
            Back to the board
          </Link>
        </>
      }
    />
  );
}
