import { describe, expect, it } from "vitest";
import { EMPTY_WIDGET_FORM, widgetFormValuesOf, widgetSettingsOf } from "./widget-settings.ts";

describe("a widget's settings from the form", () => {
  it("asks for the monitor an uptime widget shows", () => {
    expect(widgetSettingsOf({ ...EMPTY_WIDGET_FORM, type: "uptime" })).toEqual({
      problem: "Choose the monitor the widget shows.",
    });
    expect(
      widgetSettingsOf({
        ...EMPTY_WIDGET_FORM,
        type: "uptime",
        monitorId: "mon_1",
        uptimeRange: "7d",
      }),
    ).toEqual({ settings: { monitor_id: "mon_1", range: "7d" } });
  });

  it("sends a status grid's chosen monitors and groups, none meaning every monitor", () => {
    expect(widgetSettingsOf(EMPTY_WIDGET_FORM)).toEqual({
      settings: { monitor_ids: [], group_ids: [] },
    });
  });

  it("asks for the custom metric of an agent chart showing one, and sends its series", () => {
    const custom = {
      ...EMPTY_WIDGET_FORM,
      type: "agent_metric",
      agentId: "agt_1",
      metric: "custom",
    } as const;
    expect(widgetSettingsOf(custom)).toEqual({
      problem: "Choose the custom metric the widget shows.",
    });
    expect(widgetSettingsOf({ ...custom, seriesId: "cms_1" })).toEqual({
      settings: { agent_id: "agt_1", metric: "custom", series_id: "cms_1", range: "24h" },
    });
  });

  it("refuses an alert count or an SLA target out of range", () => {
    expect(widgetSettingsOf({ ...EMPTY_WIDGET_FORM, type: "open_alerts", limit: "80" })).toEqual({
      problem: "Show from 1 to 50 alerts.",
    });
    expect(
      widgetSettingsOf({
        ...EMPTY_WIDGET_FORM,
        type: "sla_figure",
        subjectId: "grp_1",
        target: "30",
      }),
    ).toEqual({ problem: "The target must be a percentage from 50 to 100." });
  });

  it("fills the form from a saved widget and gives back the same settings", () => {
    const saved = [
      { type: "uptime", settings: { monitor_id: "mon_1", range: "30d" } },
      { type: "response_time", settings: { monitor_id: "mon_1", period: "7d" } },
      { type: "status_grid", settings: { monitor_ids: ["mon_1"], group_ids: ["grp_1"] } },
      {
        type: "agent_metric",
        settings: { agent_id: "agt_1", metric: "custom", series_id: "cms_1", range: "6h" },
      },
      { type: "open_alerts", settings: { limit: 7 } },
      {
        type: "sla_figure",
        settings: {
          subject_type: "group",
          subject_id: "grp_1",
          period: "previous_month",
          target_percent: 99.5,
        },
      },
    ] as const;
    for (const widget of saved) {
      const values = widgetFormValuesOf({
        ...widget,
        title: "Shown",
        settings: { ...widget.settings },
      });
      expect(values.title).toBe("Shown");
      expect(widgetSettingsOf(values)).toEqual({ settings: widget.settings });
    }
  });
});
