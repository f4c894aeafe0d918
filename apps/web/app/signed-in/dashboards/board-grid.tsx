import { WIDGET_TYPE_NAMES, type WidgetType } from "@upwatch/core";
import type { CSSProperties, KeyboardEvent, ReactNode } from "react";
import { useId } from "react";
import { WidgetBody, type WidgetFigures } from "./widget-views.tsx";

/** One widget as a board draws it: where it sits, what it is and what it shows. */
export interface BoardCell {
  key: string;
  type: WidgetType;
  title: string | null;
  x: number;
  y: number;
  w: number;
  h: number;
  figures: WidgetFigures | undefined;
}

/** The heading a widget shows: its own title, or its kind's name. */
export function widgetHeading(cell: Pick<BoardCell, "title" | "type">): string {
  return cell.title ?? WIDGET_TYPE_NAMES[cell.type];
}

interface BoardGridProps {
  cells: readonly BoardCell[];
  at: number;
  label: string;
  /** Controls drawn under a widget's heading while the board is being arranged. */
  tools?(cell: BoardCell, index: number): ReactNode;
  onCellKeyDown?(event: KeyboardEvent<HTMLElement>, index: number): void;
  /** The widget whose tools are in use, shown as picked up. */
  activeKey?: string | undefined;
}

/**
 * The widgets on the 12-column grid at their places; on a narrow screen they stack one per row
 * in reading order. Each widget is a focusable region named by its heading.
 */
export function BoardGrid({ cells, at, label, tools, onCellKeyDown, activeKey }: BoardGridProps) {
  const baseId = useId();
  return (
    <ol className="board-grid" aria-label={label}>
      {cells.map((cell, index) => {
        const headingId = `${baseId}-${index}`;
        const place = {
          "--x": cell.x + 1,
          "--y": cell.y + 1,
          "--w": cell.w,
          "--h": cell.h,
        } as CSSProperties;
        return (
          <li key={cell.key} className="board-cell" style={place}>
            <section
              className={`board-widget board-widget-${cell.type}${activeKey === cell.key ? " board-widget-active" : ""}`}
              aria-labelledby={headingId}
              // Every widget takes focus so a keyboard reaches, reads and arranges each in turn.
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that keys act on while arranging
              tabIndex={0}
              data-widget-key={cell.key}
              onKeyDown={onCellKeyDown ? (event) => onCellKeyDown(event, index) : undefined}
            >
              <h2 id={headingId} className="board-widget-title">
                {widgetHeading(cell)}
              </h2>
              {tools ? <div className="board-tools">{tools(cell, index)}</div> : null}
              <div className="board-widget-body">
                <WidgetBody figures={cell.figures} at={at} />
              </div>
            </section>
          </li>
        );
      })}
    </ol>
  );
}
