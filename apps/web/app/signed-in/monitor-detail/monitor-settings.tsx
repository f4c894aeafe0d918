import type { Group, MonitorView } from "@upwatch/api";
import { CHECK_TYPE_NAMES, type RegionRule } from "@upwatch/core";
import { Link } from "react-router";
import { groupPath } from "../groups/group-paths.ts";
import { agentPagePath } from "./runs-from-agent.tsx";
import { scheduleFacts } from "./schedule-facts.ts";

const RULE_WORDS: Record<RegionRule, string> = {
  any: "Any region fails",
  majority: "A majority of regions fail",
  all: "All regions fail",
};

/** The monitor's schedule and alerting settings, read-only. */
export function MonitorSettings({
  monitor,
  groups,
}: {
  monitor: MonitorView;
  groups: readonly Group[];
}) {
  const memberOf = groups.filter((group) => monitor.group_ids.includes(group.id));
  const regions = monitor.regions.length ? monitor.regions : [monitor.region];
  const heartbeat = monitor.type === "heartbeat";
  return (
    <dl className="settings-list">
      <div>
        <dt>Type</dt>
        <dd>{CHECK_TYPE_NAMES[monitor.type]}</dd>
      </div>
      {scheduleFacts(monitor).map((fact) => (
        <div key={fact.term}>
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
      {heartbeat ? null : monitor.run_from === "agent" ? (
        <div>
          <dt>Runs from</dt>
          <dd>
            {monitor.agent ? (
              <>
                Agent <Link to={agentPagePath(monitor.agent.id)}>{monitor.agent.name}</Link>
              </>
            ) : (
              "An agent that was deleted"
            )}
          </dd>
        </div>
      ) : (
        <div>
          <dt>{regions.length === 1 ? "Region" : "Regions"}</dt>
          <dd>{regions.join(", ")}</dd>
        </div>
      )}
      {regions.length > 1 && monitor.run_from !== "agent" && !heartbeat ? (
        <div>
          <dt>Counts as down when</dt>
          <dd>{RULE_WORDS[monitor.region_rule]}</dd>
        </div>
      ) : null}
      <div>
        <dt>Down after</dt>
        <dd>
          {monitor.failure_threshold}{" "}
          {heartbeat
            ? `missed or failed ping${monitor.failure_threshold === 1 ? "" : "s"}`
            : `failed check${monitor.failure_threshold === 1 ? "" : "s"}`}{" "}
          in a row
        </dd>
      </div>
      <div>
        <dt>Up again after</dt>
        <dd>
          {monitor.recovery_confirmations} successful {heartbeat ? "ping" : "check"}
          {monitor.recovery_confirmations === 1 ? "" : "s"}
        </dd>
      </div>
      <div>
        <dt>Groups</dt>
        <dd>
          {memberOf.length === 0
            ? "None"
            : memberOf.map((group, index) => (
                <span key={group.id}>
                  {index > 0 ? ", " : ""}
                  <Link to={groupPath(group.id)}>{group.name}</Link>
                </span>
              ))}
        </dd>
      </div>
    </dl>
  );
}
