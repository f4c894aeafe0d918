import {
  clampSize,
  DASHBOARD_COLUMNS,
  MAX_WIDGET_ROWS,
  moveInOrder,
  packWidgets,
} from "@upwatch/core";

/** A widget being arranged: its place comes from its order and size. */
export interface ArrangedWidget {
  key: string;
  w: number;
  h: number;
}

/** What an arrangement step did, to be said aloud; null when nothing could change. */
export type Arranged<T> = { widgets: T[]; said: string } | null;

/** Moves a widget one place earlier or later in reading order. */
export function moveWidget<T extends ArrangedWidget>(
  widgets: readonly T[],
  index: number,
  step: -1 | 1,
  name: string,
): Arranged<T> {
  const target = index + step;
  if (target < 0 || target >= widgets.length) {
    return null;
  }
  const moved = moveInOrder(widgets, index, target);
  const place = packWidgets(moved)[target]!;
  return {
    widgets: moved,
    said: `${name} moved to position ${target + 1} of ${widgets.length}: row ${place.y + 1}, column ${place.x + 1}.`,
  };
}

/** Makes a widget one column wider or narrower, or one row taller or shorter. */
export function resizeWidget<T extends ArrangedWidget>(
  widgets: readonly T[],
  index: number,
  change: { w?: number; h?: number },
  name: string,
): Arranged<T> {
  const widget = widgets[index];
  if (!widget) return null;
  const size = clampSize({ w: widget.w + (change.w ?? 0), h: widget.h + (change.h ?? 0) });
  if (size.w === widget.w && size.h === widget.h) return null;
  const next = widgets.map((item, at) => (at === index ? { ...item, ...size } : item));
  return { widgets: next, said: `${name} is ${sizeWords(size.w, size.h)}.` };
}

/** "4 of 12 columns wide and 2 of 8 rows tall". */
export function sizeWords(w: number, h: number): string {
  return `${w} of ${DASHBOARD_COLUMNS} columns wide and ${h} of ${MAX_WIDGET_ROWS} rows tall`;
}

/** Why a step did nothing, to be said aloud instead. */
export function limitWords(name: string, mode: "move" | "resize"): string {
  return mode === "move"
    ? `${name} cannot move further that way.`
    : `${name} cannot grow or shrink further that way.`;
}
