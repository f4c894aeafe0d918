import type { WidgetType } from "@upwatch/core";

/** The widget form's values, for every kind at once; each kind reads the ones it needs. */
export interface WidgetFormValues {
  type: WidgetType;
  title: string;
  monitorIds: string[];
  groupIds: string[];
  monitorId: string;
  uptimeRange: "24h" | "7d" | "30d";
  agentId: string;
  metric: "cpu" | "memory" | "load1" | "network_rx" | "network_tx" | "custom";
  /** The custom series shown when `metric` is `custom`. */
  seriesId: string;
  agentRange: "1h" | "6h" | "24h" | "7d" | "30d";
  limit: string;
  subjectType: "monitor" | "group" | "agent" | "status_page";
  subjectId: string;
  slaPeriod: "current_month" | "previous_month" | "last_30_days";
  target: string;
}

export const EMPTY_WIDGET_FORM: WidgetFormValues = {
  type: "status_grid",
  title: "",
  monitorIds: [],
  groupIds: [],
  monitorId: "",
  uptimeRange: "24h",
  agentId: "",
  metric: "cpu",
  seriesId: "",
  agentRange: "24h",
  limit: "10",
  subjectType: "monitor",
  subjectId: "",
  slaPeriod: "current_month",
  target: "99.9",
};

/** A kind's settings from the form, or the sentence saying what is missing. */
export function widgetSettingsOf(
  values: WidgetFormValues,
): { settings: Record<string, unknown> } | { problem: string } {
  const need = (id: string, what: string) => (id ? null : `Choose the ${what} the widget shows.`);
  switch (values.type) {
    case "status_grid":
      return { settings: { monitor_ids: values.monitorIds, group_ids: values.groupIds } };
    case "uptime":
    case "response_time": {
      const problem = need(values.monitorId, "monitor");
      if (problem) return { problem };
      return values.type === "uptime"
        ? { settings: { monitor_id: values.monitorId, range: values.uptimeRange } }
        : { settings: { monitor_id: values.monitorId, period: values.uptimeRange } };
    }
    case "agent_metric": {
      const problem =
        need(values.agentId, "agent") ??
        (values.metric === "custom" ? need(values.seriesId, "custom metric") : null);
      if (problem) return { problem };
      const custom = values.metric === "custom" ? { series_id: values.seriesId } : {};
      return {
        settings: {
          agent_id: values.agentId,
          metric: values.metric,
          ...custom,
          range: values.agentRange,
        },
      };
    }
    case "open_alerts": {
      const limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 50) {
        return { problem: "Show from 1 to 50 alerts." };
      }
      return { settings: { limit } };
    }
    case "sla_figure": {
      const problem = need(values.subjectId, values.subjectType.replace("_", " "));
      if (problem) return { problem };
      const target = Number(values.target);
      if (!Number.isFinite(target) || target < 50 || target > 100) {
        return { problem: "The target must be a percentage from 50 to 100." };
      }
      return {
        settings: {
          subject_type: values.subjectType,
          subject_id: values.subjectId,
          period: values.slaPeriod,
          target_percent: target,
        },
      };
    }
  }
}

const text = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** The form's values for a saved widget, so it can be changed in place. */
export function widgetFormValuesOf(widget: {
  type: WidgetFormValues["type"];
  title: string | null;
  settings: Record<string, unknown>;
}): WidgetFormValues {
  const s = widget.settings;
  const pick = <T extends string>(value: unknown, fallback: T) => text(value, fallback) as T;
  return {
    ...EMPTY_WIDGET_FORM,
    type: widget.type,
    title: widget.title ?? "",
    monitorIds: list(s.monitor_ids),
    groupIds: list(s.group_ids),
    monitorId: text(s.monitor_id),
    uptimeRange: pick(s.range ?? s.period, EMPTY_WIDGET_FORM.uptimeRange),
    agentId: text(s.agent_id),
    metric: pick(s.metric, EMPTY_WIDGET_FORM.metric),
    seriesId: text(s.series_id),
    agentRange: pick(s.range, EMPTY_WIDGET_FORM.agentRange),
    limit: typeof s.limit === "number" ? String(s.limit) : EMPTY_WIDGET_FORM.limit,
    subjectType: pick(s.subject_type, EMPTY_WIDGET_FORM.subjectType),
    subjectId: text(s.subject_id),
    slaPeriod: pick(s.period, EMPTY_WIDGET_FORM.slaPeriod),
    target:
      typeof s.target_percent === "number" ? String(s.target_percent) : EMPTY_WIDGET_FORM.target,
  };
}
