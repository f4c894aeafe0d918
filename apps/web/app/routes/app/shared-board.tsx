import type { SharedDashboard } from "@upwatch/api";
import { useEffect, useState } from "react";
import { stylesheet } from "../../lib/stylesheet.ts";
import agentsCss from "../../signed-in/agents/agents.css?url";
import { call } from "../../signed-in/api-call.ts";
import { ApiError, errorDetail } from "../../signed-in/api-client.ts";
import appCss from "../../signed-in/app.css?url";
import { appMeta } from "../../signed-in/app-meta.ts";
import { BoardWall } from "../../signed-in/dashboards/board-wall.tsx";
import css from "../../signed-in/dashboards/dashboards.css?url";
import monitorDetailCss from "../../signed-in/monitor-detail/monitor-detail.css?url";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import { OP } from "../../signed-in/operation-routes.ts";

export const links = () => [
  stylesheet(appCss),
  stylesheet(monitorsCss),
  stylesheet(monitorDetailCss),
  stylesheet(agentsCss),
  stylesheet(css),
];

export function meta() {
  return appMeta("Shared board");
}

/** A shared board has no live stream: it reads its figures again this often. */
const POLL_MS = 30_000;

type Shown =
  | { state: "loading" }
  | { state: "gone"; detail: string }
  | { state: "shown"; board: SharedDashboard; stale: string | undefined };

/**
 * A board seen through its read-only link, signed out. The link's secret is after the `#`, so it
 * never reaches a server's logs or another site's referrer; the page reads it and polls the board.
 */
export default function SharedBoard() {
  const [shown, setShown] = useState<Shown>({ state: "loading" });
  useEffect(() => {
    const token = decodeURIComponent(window.location.hash.slice(1));
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const board = await call(OP.viewSharedDashboard, { params: { token: token || "none" } });
        if (current) setShown({ state: "shown", board, stale: undefined });
      } catch (error) {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) {
          setShown({ state: "gone", detail: errorDetail(error) });
          return;
        }
        setShown((now) =>
          now.state === "shown"
            ? { ...now, stale: errorDetail(error) }
            : { state: "gone", detail: errorDetail(error) },
        );
      }
      if (current) timer = setTimeout(() => void read(), POLL_MS);
    };
    void read();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, []);

  if (shown.state === "loading") {
    return (
      <main id="main" className="board-wall">
        <p role="status">Loading the board…</p>
      </main>
    );
  }
  if (shown.state === "gone") {
    return (
      <main id="main" className="board-wall">
        <h1>This board is not available</h1>
        <p>{shown.detail}</p>
        <p className="board-caption">Ask whoever shared it for a new link.</p>
      </main>
    );
  }
  const { board } = shown;
  return (
    <main id="main">
      <BoardWall
        name={board.name}
        at={Date.parse(board.at)}
        stale={shown.stale}
        cells={board.widgets.map((widget, index) => ({
          ...widget,
          key: String(index),
          figures: { data: widget.data, problem: widget.problem },
        }))}
        meta={<span className="board-caption">Read-only</span>}
      />
    </main>
  );
}
