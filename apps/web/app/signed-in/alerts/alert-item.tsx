import { useQuery } from "@tanstack/react-query";
import type { AlertView } from "@upwatch/api";
import { useState } from "react";
import { Link } from "react-router";
import { call } from "../api-call.ts";
import { APP_BASE, problemText } from "../api-client.ts";
import { formatAgo, formatDateTime, formatDuration } from "../monitors/format.ts";
import { OP } from "../operation-routes.ts";
import { useCan, useSession } from "../session.tsx";
import { statusPagesQuery } from "../status-pages/status-pages-api.ts";
import { statusPagesUsable } from "../status-pages/status-pages-usable.ts";
import { useToast } from "../ui/toast.tsx";

const SEVERITY_WORDS = { critical: "Critical", warning: "Warning", info: "Info" } as const;
const STATE_WORDS = { open: "Open", acknowledged: "Acknowledged", resolved: "Resolved" } as const;
const RESOLUTION_WORDS: Record<string, string> = {
  recovered: "the monitor recovered",
  "by-hand": "resolved by hand",
  "certificate-renewed": "the certificate was renewed",
  superseded: "a later expiry alert replaced it",
  "monitor-changed": "the monitor's type or target changed",
  "rule-deleted": "its alert rule was deleted",
  "key-revoked": "the agent's key was revoked",
};

/** How an agent-run monitor's alert about its missing agent ended. */
const NO_AGENT_RESOLUTION_WORDS: Record<string, string> = {
  recovered: "the agent takes its checks again",
  "monitor-changed": "the monitor was changed",
};

/** An agent's alert recovers when it reports again or its rule's condition clears. */
function resolutionWords(alert: AlertView): string {
  const resolution = alert.resolution ?? "";
  const kind: string = alert.kind;
  if (kind === "monitor-no-agent" && NO_AGENT_RESOLUTION_WORDS[resolution]) {
    return NO_AGENT_RESOLUTION_WORDS[resolution];
  }
  if (resolution === "recovered" && alert.agent_id !== null) {
    return alert.kind === "agent-offline" ? "the agent reported again" : "the condition cleared";
  }
  return RESOLUTION_WORDS[resolution] ?? resolution;
}

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
  const aboutAgent = alert.agent_id !== null;
  const can = useCan();
  const mayRespond = can("alerts.respond");
  // On a plan without status pages, only pages kept from a larger plan take incidents.
  const plan = useSession().account.plan;
  const planHasPages = statusPagesUsable(plan, 0);
  const keptPages = useQuery({ ...statusPagesQuery(), enabled: !planHasPages });
  const pagesAllowed = statusPagesUsable(plan, keptPages.data?.data.length);
  const mayPost = !aboutAgent && pagesAllowed && can("status_pages.manage");

  async function act(action: "acknowledge" | "resolve") {
    setBusy(action);
    setProblem(null);
    try {
      const route = action === "acknowledge" ? OP.acknowledgeAlert : OP.resolveAlert;
      onChange(await call(route, { params: { id: alert.id } }));
      showToast(
        action === "acknowledge"
          ? `Alert acknowledged: no more notifications; it resolves when ${aboutAgent ? "the condition clears" : "the monitor recovers"}.`
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
        {alert.agent_id !== null && monitorName !== undefined ? (
          <Link to={`${APP_BASE}/agents/${alert.agent_id}`} className="alert-monitor">
            {alert.subject.name || "Agent"}
          </Link>
        ) : monitorName !== undefined ? (
          <Link
            to={
              aboutAgent
                ? `${APP_BASE}/agents/${alert.agent_id}`
                : `${APP_BASE}/monitors/${alert.monitor_id}`
            }
            className="alert-monitor"
          >
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
              alert.resolution ? `: ${resolutionWords(alert)}` : ""
            }`
          : ""}
        {`; ${alert.notifications_sent} notification${alert.notifications_sent === 1 ? "" : "s"} sent`}
        {alert.held_by_maintenance
          ? `; held back during the maintenance "${alert.held_by_maintenance.title}" until ${formatDateTime(alert.held_by_maintenance.ends_at)}`
          : ""}
      </p>
      {alert.held_by.length ? <HeldBack parents={alert.held_by} /> : null}
      {alert.state !== "resolved" && (mayRespond || mayPost) ? (
        <div className="alert-actions">
          {mayRespond && alert.state === "open" ? (
            <button
              type="button"
              className="button button-ghost"
              disabled={busy !== null}
              onClick={() => act("acknowledge")}
            >
              {busy === "acknowledge" ? "Acknowledging…" : "Acknowledge"}
            </button>
          ) : null}
          {mayRespond ? (
            <button
              type="button"
              className="button button-ghost"
              disabled={busy !== null}
              onClick={() => act("resolve")}
            >
              {busy === "resolve" ? "Resolving…" : "Resolve"}
            </button>
          ) : null}
          {mayPost ? (
            <Link
              to={`${APP_BASE}/status-pages/post-incident?alert=${encodeURIComponent(alert.id)}`}
              className="button button-ghost"
            >
              Post incident
            </Link>
          ) : null}
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

/** "Held back: Gateway (down) and Backup gateway (down)": the parents whose outage holds it. */
function HeldBack({ parents }: { parents: AlertView["held_by"] }) {
  return (
    <p className="alert-held">
      Held back:{" "}
      {parents.map((parent, index) => (
        <span key={parent.monitor_id}>
          {index === 0 ? "" : index === parents.length - 1 ? " and " : ", "}
          <Link to={`${APP_BASE}/monitors/${parent.monitor_id}`}>{parent.name}</Link> (down)
        </span>
      ))}
      . Notifications resume when any of them recovers.
    </p>
  );
}
