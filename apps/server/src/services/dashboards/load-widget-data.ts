import type { WidgetData } from "@upwatch/api";
import { WIDGET_SETTINGS_SCHEMAS } from "@upwatch/core";
import { ServiceError } from "../service-error.ts";
import type { DashboardWidgetRecord } from "./dashboard-record.ts";
import { WIDGET_LOADERS, type WidgetSource } from "./widget-data/index.ts";

/** What a widget shows, or why it shows nothing, in a sentence. */
export interface WidgetFigures {
  data: WidgetData | null;
  problem: string | null;
}

/**
 * Reads every widget's figures at once. A widget whose subject was deleted, or that the plan no
 * longer allows, shows why instead of failing the whole board.
 */
export async function loadWidgetData(
  source: WidgetSource,
  widgets: readonly DashboardWidgetRecord[],
): Promise<WidgetFigures[]> {
  return Promise.all(widgets.map((widget) => loadOne(source, widget)));
}

async function loadOne(
  source: WidgetSource,
  widget: DashboardWidgetRecord,
): Promise<WidgetFigures> {
  const settings = WIDGET_SETTINGS_SCHEMAS[widget.type].safeParse(widget.settings);
  if (!settings.success) {
    return { data: null, problem: "This widget's settings no longer apply; edit the board." };
  }
  const load = WIDGET_LOADERS[widget.type] as (
    source: WidgetSource,
    settings: unknown,
  ) => Promise<WidgetData>;
  try {
    return { data: await load(source, settings.data), problem: null };
  } catch (error) {
    if (!(error instanceof ServiceError) || error.code === "unavailable") throw error;
    return { data: null, problem: problemOf(error) };
  }
}

function problemOf(error: ServiceError): string {
  return error.code === "not-found"
    ? "What this widget showed was deleted; edit the board to choose something else."
    : error.message;
}
