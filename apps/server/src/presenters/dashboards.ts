import type {
  Dashboard,
  DashboardWidget,
  SharedDashboard,
  ShareLink,
  WidgetData,
} from "@upwatch/api";
import type {
  DashboardRecord,
  DashboardSummary,
  SharedDashboardView,
  ShareLinkRecord,
  WidgetFigures,
} from "../services/dashboards/index.ts";
import { isoTime, isoTimeOrNull } from "../time.ts";

/** A board with its widgets as the account's API answers it. */
export function presentDashboard(record: DashboardRecord): Dashboard {
  return {
    id: record.id,
    name: record.name,
    created_at: isoTime(record.createdAt),
    updated_at: isoTime(record.updatedAt),
    widgets: record.widgets.map(
      (widget): DashboardWidget => ({
        id: widget.id,
        type: widget.type,
        title: widget.title,
        settings: widget.settings,
        x: widget.x,
        y: widget.y,
        w: widget.w,
        h: widget.h,
      }),
    ),
  };
}

export function presentDashboardSummary(summary: DashboardSummary) {
  return {
    id: summary.id,
    name: summary.name,
    widget_count: summary.widgetCount,
    share_link_count: summary.shareLinkCount,
    created_at: isoTime(summary.createdAt),
    updated_at: isoTime(summary.updatedAt),
  };
}

function presentFigures(figures: WidgetFigures): {
  data: WidgetData | null;
  problem: string | null;
} {
  return { data: figures.data, problem: figures.problem };
}

export function presentDashboardData(data: {
  at: number;
  widgets: Array<WidgetFigures & { id: string }>;
}) {
  return {
    at: isoTime(data.at),
    widgets: data.widgets.map((widget) => ({ id: widget.id, ...presentFigures(widget) })),
  };
}

/** A shared board: names, places and figures only, so nothing else of the account shows. */
export function presentSharedDashboard(view: SharedDashboardView): SharedDashboard {
  return {
    name: view.name,
    at: isoTime(view.at),
    expires_at: isoTimeOrNull(view.expiresAt),
    widgets: view.widgets.map((widget) => ({
      type: widget.type as SharedDashboard["widgets"][number]["type"],
      title: widget.title,
      x: widget.x,
      y: widget.y,
      w: widget.w,
      h: widget.h,
      ...presentFigures(widget),
    })),
  };
}

export function presentShareLink(link: ShareLinkRecord): ShareLink {
  return {
    id: link.id,
    name: link.name,
    created_at: isoTime(link.createdAt),
    expires_at: isoTimeOrNull(link.expiresAt),
    last_used_at: isoTimeOrNull(link.lastUsedAt),
    revoked_at: isoTimeOrNull(link.revokedAt),
  };
}

/** Where a share link's board is seen: the app's shared-board page, the token after the `#`. */
export function shareLinkUrl(appUrl: string, token: string): string {
  return `${appUrl}/shared-board#${token}`;
}
