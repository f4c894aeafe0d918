import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import agentsCss from "../../signed-in/agents/agents.css?url";
import { call } from "../../signed-in/api-call.ts";
import { errorDetail, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { cellsOf, figuresById } from "../../signed-in/dashboards/board-cells.ts";
import { BoardEditor } from "../../signed-in/dashboards/board-editor.tsx";
import { BoardGrid } from "../../signed-in/dashboards/board-grid.tsx";
import {
  DashboardPlanWall,
  usePlanHasDashboards,
} from "../../signed-in/dashboards/dashboard-plan-wall.tsx";
import {
  DASHBOARDS_PATH,
  dashboardKeys,
  dashboardQuery,
  dashboardWallPath,
} from "../../signed-in/dashboards/dashboard-queries.ts";
import css from "../../signed-in/dashboards/dashboards.css?url";
import { ShareLinksPanel } from "../../signed-in/dashboards/share-links-panel.tsx";
import { useLiveBoardData } from "../../signed-in/dashboards/use-live-board-data.ts";
import monitorDetailCss from "../../signed-in/monitor-detail/monitor-detail.css?url";
import { LiveIndicator } from "../../signed-in/monitors/live-indicator.tsx";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import { OP } from "../../signed-in/operation-routes.ts";
import { useCan } from "../../signed-in/session.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { ConfirmDialog } from "../../signed-in/ui/confirm-dialog.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";

export const links = () => [
  stylesheet(monitorsCss),
  stylesheet(monitorDetailCss),
  stylesheet(agentsCss),
  stylesheet(css),
];

export function meta() {
  return appMeta("Dashboard");
}

/** One board: its widgets live, arranged in place, its wall display and its share links. */
export default function DashboardScreen() {
  return usePlanHasDashboards() ? <Board /> : <DashboardPlanWall />;
}

function Board() {
  const id = useParams().id ?? "";
  const [search, setSearch] = useSearchParams();
  const arranging = search.get("arrange") === "1";
  const board = useQuery(dashboardQuery(id));
  const data = useLiveBoardData(id);
  const can = useCan();
  const figures = figuresById(data.data);
  const at = data.dataUpdatedAt || Date.now();
  const setArranging = (on: boolean) =>
    setSearch(on ? { arrange: "1" } : {}, { replace: true, preventScrollReset: true });

  if (board.isPending) return <Skeleton lines={6} label="Loading the board" />;
  if (board.isError) {
    return (
      <>
        <PageHeader title="Dashboard" back={<Link to={DASHBOARDS_PATH}>All boards</Link>} />
        <LoadError message={problemText(board.error)} onRetry={() => void board.refetch()} />
      </>
    );
  }
  const cells = cellsOf(board.data, figures);
  return (
    <>
      <PageHeader
        title={board.data.name}
        back={<Link to={DASHBOARDS_PATH}>All boards</Link>}
        actions={
          <div className="board-actions">
            <LiveIndicator />
            <Link className="button button-ghost" to={dashboardWallPath(id)}>
              Wall display
            </Link>
            {can("monitors.manage") && !arranging ? (
              <Button onClick={() => setArranging(true)}>Arrange</Button>
            ) : null}
          </div>
        }
      />
      {data.isError && data.data ? (
        <p className="notice notice-warn" role="alert">
          The last refresh failed: {problemText(data.error)} The figures shown are older.
        </p>
      ) : null}
      {arranging ? (
        <BoardEditor
          board={board.data}
          figures={figures}
          at={at}
          onDone={() => setArranging(false)}
        />
      ) : cells.length === 0 ? (
        <p className="app-muted">
          This board has no widgets yet.
          {can("monitors.manage") ? " Choose Arrange to add the first." : ""}
        </p>
      ) : (
        <BoardGrid cells={cells} at={at} label={`${board.data.name} widgets`} />
      )}
      <ShareLinksPanel boardId={id} mayShare={can("status_pages.manage")} />
      {can("monitors.manage") ? <DeleteBoard id={id} name={board.data.name} /> : null}
    </>
  );
}

function DeleteBoard({ id, name }: { id: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const navigate = useNavigate();
  const client = useQueryClient();
  const remove = async () => {
    setBusy(true);
    try {
      await call(OP.deleteDashboard, { params: { id } });
      client.removeQueries({ queryKey: dashboardKeys.board(id) });
      await client.invalidateQueries({ queryKey: dashboardKeys.all, exact: true });
      navigate(DASHBOARDS_PATH);
    } catch (caught) {
      setError(errorDetail(caught));
      setBusy(false);
    }
  };
  return (
    <section className="app-panel" aria-labelledby="delete-board-heading">
      <h2 id="delete-board-heading">Delete the board</h2>
      <p className="app-panel-lead">Its widgets go, and every link to it stops working at once.</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete board
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete ${name}?`}
        confirmLabel="Delete board"
        busyLabel="Deleting…"
        busy={busy}
        error={error}
        onConfirm={() => void remove()}
        onCancel={() => {
          setOpen(false);
          setError(undefined);
        }}
      >
        <p>
          The board and its share links are deleted. Monitors, agents and alerts stay as they are.
        </p>
      </ConfirmDialog>
    </section>
  );
}
