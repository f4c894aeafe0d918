import { useQueryClient } from "@tanstack/react-query";
import type { CheckView, MonitorView } from "@upwatch/api";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { call } from "../api-call.ts";
import { APP_BASE, problemText } from "../api-client.ts";
import { forgetMonitor } from "../cache/live-cache.ts";
import { OP } from "../operation-routes.ts";
import { useCan } from "../session.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";

type Busy = "check" | "pause" | "delete" | null;

/**
 * Check now, pause or resume, edit and delete (for roles that manage monitors), with what the server said when one failed. */
export function MonitorActions({
  monitor,
  onMonitor,
  onCheck,
}: {
  monitor: MonitorView;
  onMonitor: (monitor: MonitorView) => void;
  onCheck: (check: CheckView) => void;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const mayManage = useCan()("monitors.manage");

  async function run(kind: Exclude<Busy, null>, action: () => Promise<void>) {
    setBusy(kind);
    setProblem(null);
    setNote(null);
    try {
      await action();
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(null);
    }
  }

  const checkNow = () =>
    run("check", async () => {
      const check = await call(OP.checkMonitorNow, { params: { id: monitor.id } });
      onCheck(check);
      setNote(
        check.status === "up"
          ? "Checked just now: up."
          : `Checked just now: down. ${check.error ?? ""}`.trim(),
      );
    });
  const togglePause = () =>
    run("pause", async () => {
      const route = monitor.paused ? OP.resumeMonitor : OP.pauseMonitor;
      onMonitor(await call(route, { params: { id: monitor.id } }));
    });
  const remove = async () => {
    await run("delete", async () => {
      await call(OP.deleteMonitor, { params: { id: monitor.id } });
      forgetMonitor(client, monitor.id);
      navigate(APP_BASE, { replace: true });
    });
    setConfirming(false);
  };

  if (!mayManage) return null;
  return (
    <div className="monitor-actions">
      <div className="button-row">
        {/* A heartbeat is checked by its job's pings; nothing here can check it. */}
        {monitor.type === "heartbeat" ? null : (
          <button
            type="button"
            className="button button-primary"
            onClick={checkNow}
            disabled={busy !== null || monitor.paused}
            title={monitor.paused ? "Resume the monitor to check it" : undefined}
          >
            {busy === "check" ? "Checking…" : "Check now"}
          </button>
        )}
        <button
          type="button"
          className="button button-ghost"
          onClick={togglePause}
          disabled={busy !== null}
        >
          {busy === "pause" ? "Saving…" : monitor.paused ? "Resume" : "Pause"}
        </button>
        <Link to={`${APP_BASE}/monitors/${monitor.id}/edit`} className="button button-ghost">
          Edit
        </Link>
        <button
          type="button"
          className="button button-ghost button-danger-ghost"
          onClick={() => setConfirming(true)}
          disabled={busy !== null}
        >
          Delete
        </button>
      </div>
      <div aria-live="polite" className="action-note">
        {note ? <p>{note}</p> : null}
      </div>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${monitor.name}?`}
        confirmLabel="Delete monitor"
        busyLabel="Deleting…"
        busy={busy === "delete"}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Its checks stop and its history, incidents and alerts are deleted with it. This cannot be
          undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
