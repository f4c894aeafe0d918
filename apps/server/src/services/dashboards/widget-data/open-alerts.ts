import { isoTime } from "../../../time.ts";
import { listAlerts } from "../../alerts/list-alerts.ts";
import type { WidgetLoader } from "./widget-loader.ts";

/** The account's open alerts, acknowledged or not, newest first, as the alert list shows them. */
export const loadOpenAlerts: WidgetLoader<"open_alerts"> = async ({ ctx, access }, settings) => {
  const pages = await Promise.all(
    (["open", "acknowledged"] as const).map((state) =>
      listAlerts(ctx, access, { state, limit: settings.limit }),
    ),
  );
  const alerts = pages
    .flatMap((page) => page.alerts)
    .sort((a, b) => b.opened_at - a.opened_at || b.id.localeCompare(a.id));
  return {
    type: "open_alerts",
    alerts: alerts.slice(0, settings.limit).map((alert) => ({
      subject_name: alert.subject.name,
      severity: alert.severity,
      message: alert.message,
      opened_at: isoTime(alert.opened_at),
      acknowledged: alert.acknowledged_at !== null,
    })),
    more: alerts.length > settings.limit || pages.some((page) => page.nextBefore !== null),
  };
};
