import type { ReactNode } from "react";
import { useFullScreen } from "../wall/use-full-screen.ts";
import { type BoardCell, BoardGrid } from "./board-grid.tsx";
import { useIdleCursor } from "./use-idle-cursor.ts";

const TIME = new Intl.DateTimeFormat(undefined, {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

interface BoardWallProps {
  name: string;
  cells: readonly BoardCell[];
  /** When the figures were read (ms), or undefined before the first read. */
  at: number | undefined;
  /** The last refresh failed: the sentence saying so, the figures shown staying as they were. */
  stale?: string | undefined;
  /** Links or indicators beside the time (the live indicator, the way back). */
  meta?: ReactNode;
}

/** A board on a screen across the room: dark, large type, full screen, the pointer hidden when idle. */
export function BoardWall({ name, cells, at, stale, meta }: BoardWallProps) {
  const fullScreen = useFullScreen();
  const idle = useIdleCursor();
  return (
    <div className={`board-wall${idle ? " board-wall-idle" : ""}`}>
      <header className="board-wall-header">
        <h1>{name}</h1>
        <div className="board-wall-meta">
          {meta}
          {at ? (
            <span className="board-wall-updated">
              Updated at <time dateTime={new Date(at).toISOString()}>{TIME.format(at)}</time>
            </span>
          ) : null}
          {fullScreen.supported ? (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={fullScreen.toggle}
            >
              {fullScreen.active ? "Leave full screen" : "Full screen"}
            </button>
          ) : null}
        </div>
      </header>
      {stale ? (
        <p className="board-wall-stale" role="alert">
          The last refresh failed: {stale} The figures shown are from the time above.
        </p>
      ) : null}
      {cells.length === 0 ? (
        <p className="board-empty">This board has no widgets yet.</p>
      ) : (
        <BoardGrid cells={cells} at={at ?? Date.now()} label={`${name} widgets`} />
      )}
    </div>
  );
}
