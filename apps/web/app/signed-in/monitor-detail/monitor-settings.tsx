import type { MonitorView } from "@upwatch/api";
import { CHECK_TYPE_NAMES } from "@upwatch/core";
import { formatInterval } from "../monitors/format.ts";

/** The monitor's schedule and alerting settings, read-only. */
export function MonitorSettings({ monitor }: { monitor: MonitorView }) {
  return (
    <dl className="settings-list">
      <div>
        <dt>Type</dt>
        <dd>{CHECK_TYPE_NAMES[monitor.type]}</dd>
      </div>
      <div>
        <dt>Checked every</dt>
        <dd>{formatInterval(monitor.interval_seconds)}</dd>
      </div>
      <div>
        <dt>Timeout</dt>
        <dd>{formatInterval(monitor.timeout_seconds)}</dd>
      </div>
      <div>
        <dt>Region</dt>
        <dd>{monitor.region}</dd>
      </div>
      <div>
        <dt>Down after</dt>
        <dd>
          {monitor.failure_threshold} failed check{monitor.failure_threshold === 1 ? "" : "s"} in a
          row
        </dd>
      </div>
      <div>
        <dt>Up again after</dt>
        <dd>
          {monitor.recovery_confirmations} successful check
          {monitor.recovery_confirmations === 1 ? "" : "s"}
        </dd>
      </div>
      <div>
        <dt>Group</dt>
        <dd>{monitor.group ?? "None"}</dd>
      </div>
    </dl>
  );
}
