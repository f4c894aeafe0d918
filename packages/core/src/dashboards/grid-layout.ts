import { DASHBOARD_COLUMNS, MAX_DASHBOARD_ROWS, MAX_WIDGET_ROWS } from "./dashboard-limits.ts";

/** A widget's place on the 12-column grid: column and row of its top-left cell, width, height. */
export interface GridPlace {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Size {
  w: number;
  h: number;
}

/** A size kept within the grid: 1 to 12 columns wide, 1 to 8 rows tall. */
export function clampSize(size: Size): Size {
  const clamp = (value: number, max: number) => Math.min(max, Math.max(1, Math.round(value)));
  return { w: clamp(size.w, DASHBOARD_COLUMNS), h: clamp(size.h, MAX_WIDGET_ROWS) };
}

/**
 * Places widgets of the given sizes in their order, each at the first free spot at or after the
 * previous one in reading order (row by row, left to right), so the order people choose is the
 * order they read and no gap is left that a later widget could have filled out of turn.
 */
export function packWidgets(sizes: readonly Size[]): GridPlace[] {
  const taken: boolean[][] = [];
  const free = (x: number, y: number, size: Size) => {
    for (let row = y; row < y + size.h; row++) {
      for (let column = x; column < x + size.w; column++) {
        if (taken[row]?.[column]) return false;
      }
    }
    return true;
  };
  const places: GridPlace[] = [];
  let cursor = { x: 0, y: 0 };
  for (const wanted of sizes) {
    const size = clampSize(wanted);
    let { x, y } = cursor;
    while (x + size.w > DASHBOARD_COLUMNS || !free(x, y, size)) {
      x += 1;
      if (x + size.w > DASHBOARD_COLUMNS) {
        x = 0;
        y += 1;
      }
    }
    for (let row = y; row < y + size.h; row++) {
      taken[row] ??= [];
      for (let column = x; column < x + size.w; column++) taken[row]![column] = true;
    }
    places.push({ x, y, ...size });
    cursor = { x: x + size.w, y };
  }
  return places;
}

/** Moves the item at `from` to `to` (both kept within the list), the others keeping their order. */
export function moveInOrder<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const target = Math.min(items.length - 1, Math.max(0, to));
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(target, 0, moved);
  return next;
}

/** Places in reading order: by row, then column. */
export function inReadingOrder<T extends GridPlace>(places: readonly T[]): T[] {
  return [...places].sort((a, b) => a.y - b.y || a.x - b.x);
}

/**
 * Why a set of places cannot be a board, in a sentence naming the widget by its position in the
 * list (from 1), or null when every place is inside the grid and no two overlap.
 */
export function layoutProblem(places: readonly GridPlace[]): string | null {
  for (const [index, place] of places.entries()) {
    const which = `Widget ${index + 1}`;
    if (place.x + place.w > DASHBOARD_COLUMNS) {
      return `${which} runs past the grid's ${DASHBOARD_COLUMNS} columns: x plus w must be at most ${DASHBOARD_COLUMNS}.`;
    }
    if (place.y + place.h > MAX_DASHBOARD_ROWS) {
      return `${which} sits below the grid's last row (${MAX_DASHBOARD_ROWS}).`;
    }
    const overlapping = places.findIndex(
      (other, otherIndex) => otherIndex < index && overlaps(place, other),
    );
    if (overlapping >= 0) {
      return `${which} overlaps widget ${overlapping + 1}; give each widget cells of its own.`;
    }
  }
  return null;
}

function overlaps(a: GridPlace, b: GridPlace): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
