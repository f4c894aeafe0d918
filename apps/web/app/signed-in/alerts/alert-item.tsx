import type { AlertView } from "@upwatch/api";
import { useState } from "react";
import { Link } from "react-router";
import { APP_BASE, apiRequest, problemText } from "../api-client.ts";
import { formatAgo, formatDateTime, formatDuration } from "../monitors/format.ts";
import { useToast } from "../ui/toast.tsx";

const SEVERITY_WORDS = { critical: "Critical", warning: "Warning", info: "Info" } as const;
const STATE_WORDS = { open: "Open", acknowledged: "Acknowledged", resolved: "Resolved" } as const;
const RESOLUTION_WORDS: Record<string, string> = {
  recovered: "the monitor recovered",
  "by-hand": "resolved by hand",
  "certificate-renewed": "the certificate was renewed",
  superseded: "a later expiry alert replaced it",
  "monitor-changed": "the monitor's type or target changed",
};

/** One alert with its facts and the buttons that acknowledge or resolve it. */
export function AlertItem({
  alert,
  monitorName,
  onChange,
}: {
  alert: AlertView;
  /** The monitor's name, linked; left out on the monitor's own page. */
  monitorName?: string | undefined;
  onChange: (alert: AlertView) => void;
}) {
  const [busy, setBusy] = useState<"acknowledge" | "resolve" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { showToast } = useToast();

  async function act(action: "acknowledge" | "resolve") {
    setBusy(action);
    setProblem(null);
    try {
      onChange(await apiRequest<AlertView>("POST", `/alerts/${alert.id}/${action}`));
      showToast(
        action === "acknowledge"
          ? "Alert acknowledged: no more notifications; it resolves when the monitor recovers."
          : "Alert resolved.",
      );
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <li className={`alert-item alert-${alert.state}`} data-alert-id={alert.id}>
      <div className="alert-item-head">
        <span className={`severity severity-${alert.severity}`}>
          {SEVERITY_WORDS[alert.severity]}
        </span>
        <span className={`alert-state state-${alert.state}`}>{STATE_WORDS[alert.state]}</span>
        {monitorName !== undefined ? (
          <Link to={`${APP_BASE}/monitors/${alert.monitor_id}`} className="alert-monitor">
            {monitorName}
          </Link>
        ) : null}
      </div>
      <p className="alert-message">{alert.message}</p>
      <p className="alert-facts">
        Opened <time dateTime={alert.opened_at}>{formatDateTime(alert.opened_at)}</time> (
        {formatAgo(alert.opened_at)})
        {alert.acknowledged_at && alert.state !== "resolved"
          ? `; acknowledged ${formatAgo(alert.acknowledged_at)}`
          : ""}
        {alert.resolved_at
          ? `; resolved after ${formatDuration(alert.opened_at, alert.resolved_at)}${
              alert.resolution ? `: ${RESOLUTION_WORDS[alert.resolution] ?? alert.resolution}` : ""
            }`
          : ""}
        {`; ${alert.notifications_sent} notification${alert.notifications_sent === 1 ? "" : "s"} sent`}
        {alert.suppressed ? "; held back while every parent monitor is down" : ""}
        {alert.held_by_maintenance
          ? `; held back during the maintenance "${alert.held_by_maintenance.title}" until ${formatDateTime(alert.held_by_maintenance.ends_at)}`
          : ""}
      </p>
      {alert.state !== "resolved" ? (
        <div className="alert-actions">
          {alert.state === "open" ? (
            <button
              type="button"
              className="button button-ghost"
              disabled={busy !== null}
              onClick={() => act("acknowledge")}
            >
              {busy === "acknowledge" ? "Acknowledging…" : "Acknowledge"}
            </button>
          ) : null}
          <button
            type="button"
            className="button button-ghost"
            disabled={busy !== null}
            onClick={() => act("resolve")}
          >
            {busy === "resolve" ? "Resolving…" : "Resolve"}
          </button>
          <Link
            to={`${APP_BASE}/status-pages/post-incident?alert=${encodeURIComponent(alert.id)}`}
            className="button button-ghost"
          >
            Post incident
          </Link>
        </div>
      ) : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
