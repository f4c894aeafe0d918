import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DASHBOARD_NAME_MAX } from "@upwatch/core";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { call } from "../../signed-in/api-call.ts";
import { errorDetail, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import {
  DashboardPlanWall,
  usePlanHasDashboards,
} from "../../signed-in/dashboards/dashboard-plan-wall.tsx";
import {
  dashboardKeys,
  dashboardPath,
  dashboardsQuery,
  dashboardWallPath,
} from "../../signed-in/dashboards/dashboard-queries.ts";
import css from "../../signed-in/dashboards/dashboards.css?url";
import { OP } from "../../signed-in/operation-routes.ts";
import { useCan } from "../../signed-in/session.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { FormError } from "../../signed-in/ui/form-error.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { TextInputField } from "../../signed-in/ui/text-input-field.tsx";

export const links = () => [stylesheet(css)];

export function meta() {
  return appMeta("Dashboards");
}

/** Dashboards: the account's boards, or the plan wall on plans without them. */
export default function Dashboards() {
  return usePlanHasDashboards() ? <DashboardsScreen /> : <DashboardPlanWall />;
}

function DashboardsScreen() {
  const boards = useQuery(dashboardsQuery());
  const mayBuild = useCan()("monitors.manage");
  const list = boards.data?.data ?? [];
  return (
    <>
      <PageHeader
        title="Dashboards"
        description="Boards of the figures you watch: statuses, uptime, response times, agents, open alerts and SLAs, arranged your way, for a screen on the wall or a read-only link."
      />
      {mayBuild ? <NewBoardForm /> : null}
      <section aria-labelledby="boards-heading">
        <h2 id="boards-heading">Your boards</h2>
        {boards.isPending ? <Skeleton lines={3} label="Loading boards" /> : null}
        {boards.isError ? (
          <LoadError message={problemText(boards.error)} onRetry={() => void boards.refetch()} />
        ) : null}
        {boards.isSuccess && list.length === 0 ? (
          <EmptyState title="No boards yet">
            <p>
              {mayBuild
                ? "Name a board above, then add widgets to it."
                : "Someone who may change monitors can make the first board."}
            </p>
          </EmptyState>
        ) : null}
        {list.length > 0 ? (
          <ul className="board-list">
            {list.map((board) => (
              <li key={board.id} className="board-list-item">
                <div>
                  <Link to={dashboardPath(board.id)}>{board.name}</Link>
                  <p className="app-muted">
                    {board.widget_count === 1 ? "1 widget" : `${board.widget_count} widgets`}
                    {board.share_link_count > 0
                      ? ` · shared through ${board.share_link_count === 1 ? "1 link" : `${board.share_link_count} links`}`
                      : ""}
                  </p>
                </div>
                <Link className="button button-ghost button-small" to={dashboardWallPath(board.id)}>
                  Wall display
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}

function NewBoardForm() {
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError("Give the board a name, such as “Operations” or “Office TV”.");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const board = await call(OP.createDashboard, { body: { name: name.trim() } });
      client.setQueryData(dashboardKeys.board(board.id), board);
      await client.invalidateQueries({ queryKey: dashboardKeys.all, exact: true });
      navigate(`${dashboardPath(board.id)}?arrange=1`);
    } catch (caught) {
      setError(errorDetail(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="app-panel" aria-labelledby="new-board-heading">
      <h2 id="new-board-heading">Make a board</h2>
      <form
        className="app-form app-inline-form"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <FormError message={error} />
        <TextInputField
          id="new-board-name"
          label="Board name"
          maxLength={DASHBOARD_NAME_MAX}
          value={name}
          onChange={setName}
        />
        <Button type="submit" busy={busy} busyLabel="Making…">
          Make board
        </Button>
      </form>
    </section>
  );
}
