import { useQueryClient } from "@tanstack/react-query";
import type { Dashboard } from "@upwatch/api";
import {
  DASHBOARD_NAME_MAX,
  packWidgets,
  WIDGET_DEFAULT_SIZES,
  type WidgetType,
} from "@upwatch/core";
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";
import { call } from "../api-call.ts";
import { errorDetail } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { TextInputField } from "../ui/text-input-field.tsx";
import { type BoardCell, BoardGrid, widgetHeading } from "./board-grid.tsx";
import { type Arranged, limitWords, moveWidget, resizeWidget, sizeWords } from "./board-layout.ts";
import { dashboardKeys } from "./dashboard-queries.ts";
import { type NewWidget, WidgetForm } from "./widget-form.tsx";
import { widgetFormValuesOf } from "./widget-settings.ts";
import type { WidgetFigures } from "./widget-views.tsx";

interface EditedWidget {
  key: string;
  id: string | undefined;
  type: WidgetType;
  title: string | null;
  settings: Record<string, unknown>;
  w: number;
  h: number;
}

type Mode = { key: string; kind: "move" | "resize" } | null;

const UNSAVED: WidgetFigures = { data: null, problem: "Save the board to see what it shows." };
const STEPS: Record<string, { move: -1 | 1; resize: { w?: number; h?: number } }> = {
  ArrowLeft: { move: -1, resize: { w: -1 } },
  ArrowUp: { move: -1, resize: { h: -1 } },
  ArrowRight: { move: 1, resize: { w: 1 } },
  ArrowDown: { move: 1, resize: { h: 1 } },
};
/** The arrow keys' steps as buttons, for a pointer or a touch screen. */
const STEP_BUTTONS = {
  move: [
    { key: "ArrowLeft", label: "Earlier" },
    { key: "ArrowRight", label: "Later" },
  ],
  resize: [
    { key: "ArrowLeft", label: "Narrower" },
    { key: "ArrowRight", label: "Wider" },
    { key: "ArrowUp", label: "Shorter" },
    { key: "ArrowDown", label: "Taller" },
  ],
} as const;
let counter = 0;

/**
 * Arranging a board: widgets are reordered and resized with buttons and arrow keys (each step
 * said aloud), added and removed, then saved at once; on a phone they stack in the same order.
 */
export function BoardEditor({
  board,
  figures,
  at,
  onDone,
}: {
  board: Dashboard;
  figures: ReadonlyMap<string, WidgetFigures>;
  at: number;
  onDone(): void;
}) {
  const client = useQueryClient();
  const [name, setName] = useState(board.name);
  const [widgets, setWidgets] = useState<EditedWidget[]>(() =>
    board.widgets.map((widget) => ({ ...widget, key: widget.id, id: widget.id })),
  );
  const [mode, setMode] = useState<Mode>(null);
  const [said, setSaid] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<string>();
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const refocus = useRef<string | null>(null);

  // A moved widget's node moves in the page; its button is given the focus back.
  useLayoutEffect(() => {
    const key = refocus.current;
    if (!key) return;
    refocus.current = null;
    document.querySelector<HTMLElement>(`[data-widget-key="${key}"] [data-tool="mode"]`)?.focus();
  });

  const places = packWidgets(widgets);
  const edited = widgets.find((widget) => widget.key === editing);
  const cells: BoardCell[] = widgets.map((widget, index) => ({
    ...widget,
    ...places[index]!,
    figures: widget.id && !changed.has(widget.key) ? figures.get(widget.id) : UNSAVED,
  }));

  const apply = (result: Arranged<EditedWidget>, fallback: string, key: string) => {
    if (!result) {
      setSaid(fallback);
      return;
    }
    refocus.current = key;
    setWidgets(result.widgets);
    setSaid(result.said);
  };

  /** One arrow key's step for the widget in the mode, from the keyboard or a step button. */
  const step = (index: number, key: string) => {
    const widget = widgets[index];
    const change = STEPS[key];
    if (!widget || !change || mode?.key !== widget.key) return;
    const label = widgetHeading(widget);
    if (mode.kind === "move") {
      apply(moveWidget(widgets, index, change.move, label), limitWords(label, "move"), widget.key);
    } else {
      apply(
        resizeWidget(widgets, index, change.resize, label),
        limitWords(label, "resize"),
        widget.key,
      );
    }
  };

  const onCellKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const widget = widgets[index];
    if (!widget || mode?.key !== widget.key) return;
    const onStepButton = (event.target as HTMLElement).dataset.step !== undefined;
    if (event.key === "Enter" || event.key === "Escape") {
      // Enter on a step button presses it; anywhere else it puts the widget down.
      if (onStepButton && event.key === "Enter") return;
      event.preventDefault();
      setMode(null);
      setSaid(`${widgetHeading(widget)} placed.`);
      return;
    }
    if (!STEPS[event.key]) return;
    event.preventDefault();
    step(index, event.key);
  };

  const toggleMode = (widget: EditedWidget, kind: "move" | "resize") => {
    const label = widgetHeading(widget);
    if (mode?.key === widget.key && mode.kind === kind) {
      setMode(null);
      setSaid(`${label} placed.`);
      return;
    }
    setMode({ key: widget.key, kind });
    setSaid(
      kind === "move"
        ? `Moving ${label}. Arrow keys move it earlier or later; Enter or Escape when done.`
        : `Resizing ${label}, ${sizeWords(widget.w, widget.h)}. Left and right change its width, up and down its height; Enter or Escape when done.`,
    );
  };

  const add = (widget: NewWidget) => {
    counter += 1;
    const size = WIDGET_DEFAULT_SIZES[widget.type];
    const added = { ...widget, ...size, key: `new-${counter}`, id: undefined };
    setWidgets((now) => [...now, added]);
    setSaid(`${widgetHeading(added)} added at the end of the board.`);
  };

  const change = (widget: NewWidget) => {
    const key = editing;
    if (!key) return;
    setWidgets((now) => now.map((item) => (item.key === key ? { ...item, ...widget } : item)));
    setChanged((now) => new Set([...now, key]));
    setEditing(undefined);
    setSaid(`${widgetHeading(widget)} changed.`);
  };

  const remove = (widget: EditedWidget) => {
    setWidgets((now) => now.filter((item) => item.key !== widget.key));
    setMode(null);
    if (editing === widget.key) setEditing(undefined);
    setSaid(`${widgetHeading(widget)} removed.`);
  };

  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const saved = await call(OP.replaceDashboard, {
        params: { id: board.id },
        body: {
          name,
          widgets: widgets.map((widget, index) => ({
            ...(widget.id ? { id: widget.id } : {}),
            type: widget.type,
            title: widget.title,
            settings: widget.settings,
            ...places[index]!,
          })) as never,
        },
      });
      client.setQueryData(dashboardKeys.board(board.id), saved);
      await client.invalidateQueries({ queryKey: dashboardKeys.all });
      onDone();
    } catch (caught) {
      setError(errorDetail(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="board-editor">
      <p className="visually-hidden" aria-live="polite" data-testid="board-announcer">
        {said}
      </p>
      <div className="app-panel">
        <FormError message={error} />
        <TextInputField
          id="board-name"
          label="Board name"
          maxLength={DASHBOARD_NAME_MAX}
          value={name}
          onChange={setName}
        />
        <div className="board-editor-actions">
          <Button onClick={() => void save()} busy={busy} busyLabel="Saving…">
            Save board
          </Button>
          <Button variant="ghost" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        </div>
      </div>
      {cells.length === 0 ? (
        <p className="app-muted">The board is empty: add its first widget below.</p>
      ) : (
        <BoardGrid
          cells={cells}
          at={at}
          label="Widgets being arranged"
          activeKey={mode?.key}
          onCellKeyDown={onCellKeyDown}
          tools={(cell, index) => {
            const widget = widgets[index]!;
            const pressed = (kind: "move" | "resize") =>
              mode?.key === cell.key && mode.kind === kind;
            return (
              <>
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Move ${widgetHeading(cell)}`}
                  aria-pressed={pressed("move")}
                  data-tool={pressed("resize") ? undefined : "mode"}
                  onClick={() => toggleMode(widget, "move")}
                >
                  Move
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Resize ${widgetHeading(cell)}`}
                  aria-pressed={pressed("resize")}
                  data-tool={pressed("resize") ? "mode" : undefined}
                  onClick={() => toggleMode(widget, "resize")}
                >
                  Resize
                </Button>
                {mode?.key === cell.key
                  ? STEP_BUTTONS[mode.kind].map((button) => (
                      <Button
                        key={button.key}
                        size="small"
                        variant="ghost"
                        data-step={button.key}
                        aria-label={`${button.label} (${widgetHeading(cell)})`}
                        onClick={() => step(index, button.key)}
                      >
                        {button.label}
                      </Button>
                    ))
                  : null}
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Change ${widgetHeading(cell)}`}
                  onClick={() => {
                    setEditing(widget.key);
                    document.getElementById("widget-form-heading")?.scrollIntoView();
                  }}
                >
                  Change
                </Button>
                <Button
                  size="small"
                  variant="danger"
                  aria-label={`Remove ${widgetHeading(cell)}`}
                  onClick={() => remove(widget)}
                >
                  Remove
                </Button>
              </>
            );
          }}
        />
      )}
      <section className="app-panel" aria-labelledby="widget-form-heading">
        {edited ? (
          <>
            <h2 id="widget-form-heading">Change {widgetHeading(edited)}</h2>
            <WidgetForm
              key={edited.key}
              initial={widgetFormValuesOf(edited)}
              submitLabel="Change widget"
              onAdd={change}
              onCancel={() => setEditing(undefined)}
            />
          </>
        ) : (
          <>
            <h2 id="widget-form-heading">Add a widget</h2>
            <WidgetForm key="new" onAdd={add} />
          </>
        )}
      </section>
    </div>
  );
}
