import type { Dashboard } from "@upwatch/api";
import type { BoardCell } from "./board-grid.tsx";
import type { WidgetFigures } from "./widget-views.tsx";

/** Each widget's figures by its id, from the board's data answer. */
export function figuresById(
  data: { widgets: ReadonlyArray<WidgetFigures & { id: string }> } | undefined,
): Map<string, WidgetFigures> {
  return new Map((data?.widgets ?? []).map((widget) => [widget.id, widget]));
}

/** A saved board's widgets as cells, with their figures once read. */
export function cellsOf(
  board: Dashboard,
  figures: ReadonlyMap<string, WidgetFigures>,
): BoardCell[] {
  return board.widgets.map((widget) => ({
    key: widget.id,
    type: widget.type,
    title: widget.title,
    x: widget.x,
    y: widget.y,
    w: widget.w,
    h: widget.h,
    figures: figures.get(widget.id),
  }));
}
