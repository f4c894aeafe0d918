import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Group, MonitorView } from "@upwatch/api";
import { useState } from "react";
import { Link } from "react-router";
import { call } from "../api-call.ts";
import { APP_BASE, errorDetail } from "../api-client.ts";
import { monitorsQuery, overviewQuery } from "../cache/queries.ts";
import { statusOf } from "../monitors/monitor-filters.ts";
import { StatusBadge } from "../monitors/status-badge.tsx";
import { OP } from "../operation-routes.ts";
import { useCan } from "../session.tsx";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { useToast } from "../ui/toast.tsx";
import { GroupMonitorPicker } from "./group-monitor-picker.tsx";
import { reloadGroup } from "./store-group.ts";

/** The group's monitors with their status; adding and removing them for roles allowed it. */
export function GroupMembers({ group }: { group: Group }) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const mayManage = useCan()("monitors.manage");
  const monitors = useQuery(monitorsQuery());
  const overview = useQuery(overviewQuery());
  const [removing, setRemoving] = useState<string>();
  const overviews = new Map((overview.data?.data ?? []).map((item) => [item.monitor_id, item]));
  const all = monitors.data?.data ?? [];
  const members = all
    .filter((monitor) => group.monitor_ids.includes(monitor.id))
    .sort((a, b) => a.name.localeCompare(b.name));
  const others = all.filter((monitor) => !group.monitor_ids.includes(monitor.id));

  const remove = async (monitor: MonitorView) => {
    setRemoving(monitor.id);
    try {
      await call(OP.removeGroupMonitor, { params: { id: group.id, monitorId: monitor.id } });
      await reloadGroup(client);
      showToast(`${monitor.name} is no longer in ${group.name}.`);
    } catch (error) {
      showToast(errorDetail(error), "error");
    } finally {
      setRemoving(undefined);
    }
  };

  if (monitors.isPending) return <Skeleton lines={2} label="Loading the group's monitors" />;
  return (
    <>
      {members.length === 0 ? (
        <p className="app-muted">
          No monitors in this group yet.{mayManage ? " Add some below." : ""}
        </p>
      ) : (
        <ul className="group-monitor-list" aria-label={`Monitors in ${group.name}`}>
          {members.map((monitor) => (
            <li key={monitor.id}>
              <StatusBadge status={statusOf(monitor, overviews.get(monitor.id))} />
              <span className="group-monitor-name">
                <Link to={`${APP_BASE}/monitors/${encodeURIComponent(monitor.id)}`}>
                  {monitor.name}
                </Link>
                <span className="app-muted">{monitor.target}</span>
              </span>
              {mayManage ? (
                <Button
                  variant="ghost"
                  size="small"
                  busy={removing === monitor.id}
                  busyLabel="Removing..."
                  aria-label={`Remove ${monitor.name} from ${group.name}`}
                  onClick={() => void remove(monitor)}
                >
                  Remove
                </Button>
              ) : (
                <span />
              )}
            </li>
          ))}
        </ul>
      )}
      {mayManage ? (
        <div className="group-member-actions">
          {others.length > 0 ? <AddMonitors group={group} others={others} /> : null}
          <Link
            to={`${APP_BASE}/monitors/new?${new URLSearchParams({ group: group.id })}`}
            className="button button-ghost"
          >
            New monitor in {group.name}
          </Link>
        </div>
      ) : null}
    </>
  );
}

/** Choosing more monitors for the group, behind a button so the page stays short. */
function AddMonitors({ group, others }: { group: Group; others: MonitorView[] }) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  if (!open) {
    return (
      <Button variant="ghost" onClick={() => setOpen(true)}>
        Add monitors
      </Button>
    );
  }
  const add = async () => {
    if (chosen.length === 0) {
      setError("Choose at least one monitor to add.");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await call(OP.addGroupMonitors, {
        params: { id: group.id },
        body: { monitor_ids: chosen },
      });
      await reloadGroup(client);
      showToast(
        chosen.length === 1
          ? `1 monitor is added to ${group.name}.`
          : `${chosen.length} monitors are added to ${group.name}.`,
      );
      setChosen([]);
      setOpen(false);
    } catch (refusal) {
      setError(errorDetail(refusal));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="group-add-monitors">
      <GroupMonitorPicker
        legend={`Add monitors to ${group.name}`}
        monitors={others}
        selected={chosen}
        onChange={(ids) => {
          setChosen(ids);
          setError(undefined);
        }}
      />
      <FormError message={error} />
      <div className="app-form-actions">
        <Button busy={busy} busyLabel="Adding..." onClick={() => void add()}>
          {chosen.length === 1 ? "Add 1 monitor" : `Add ${chosen.length} monitors`}
        </Button>
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() => {
            setOpen(false);
            setChosen([]);
            setError(undefined);
          }}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}
