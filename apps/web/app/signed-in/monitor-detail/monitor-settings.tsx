import type { MonitorView } from "@upwatch/api";
import { CHECK_TYPE_NAMES, type RegionRule } from "@upwatch/core";
import { formatInterval } from "../monitors/format.ts";

const RULE_WORDS: Record<RegionRule, string> = {
  any: "Any region fails",
  majority: "A majority of regions fail",
  all: "All regions fail",
};

/** The monitor's schedule and alerting settings, read-only. */
export function MonitorSettings({ monitor }: { monitor: MonitorView }) {
  const regions = monitor.regions.length ? monitor.regions : [monitor.region];
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
        <dt>{regions.length === 1 ? "Region" : "Regions"}</dt>
        <dd>{regions.join(", ")}</dd>
      </div>
      {regions.length > 1 ? (
        <div>
          <dt>Counts as down when</dt>
          <dd>{RULE_WORDS[monitor.region_rule]}</dd>
        </div>
      ) : null}
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
