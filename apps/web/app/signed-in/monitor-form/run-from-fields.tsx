import { CHECK_TYPE_NAMES, isProxyCheckType, type Plan, type RunFrom } from "@upwatch/core";
import { Link } from "react-router";
import { plansWithAgentsText } from "../agents/plans-with-agents.ts";
import { AgentPicker } from "./agent-picker.tsx";
import type { FormPartProps } from "./form-props.ts";
import { runsFromAgent } from "./monitor-payload.ts";
import { RegionFields } from "./region-fields.tsx";

const PRICING = "/knowledge-base/pricing";

/** Why Agent cannot be chosen for this monitor, or null when it can. */
function agentClosedReason(values: FormPartProps["values"], plan: Plan) {
  if (plan.limits.agents === 0) {
    return (
      <>
        Agents are part of {plansWithAgentsText()}. <Link to={PRICING}>Compare the plans</Link>
      </>
    );
  }
  if (!isProxyCheckType(values.type)) {
    return `${CHECK_TYPE_NAMES[values.type]} checks run from regions only; an agent runs HTTP, keyword, ping, TCP, DNS and SSL checks.`;
  }
  return null;
}

/**
 * Where the monitor runs from: Upwatch's regions (the region picker), or one of the account's
 * agents, which checks from inside its network.
 */
export function RunFromFields({
  values,
  set,
  errors,
  plan,
  editing,
}: FormPartProps & { plan: Plan; editing: boolean }) {
  const closed = agentClosedReason(values, plan);
  // An agent-run monitor on a plan without agents keeps Agent chosen, so the refusal shows.
  const agentChosen = runsFromAgent(values);
  const shown: RunFrom = agentChosen ? "agent" : "regions";
  const options: { value: RunFrom; label: string; text: string }[] = [
    { value: "regions", label: "Regions", text: "Upwatch checks it from its regions." },
    {
      value: "agent",
      label: "Agent",
      text: "One of your agents checks it from inside your network.",
    },
  ];
  return (
    <>
      <fieldset className="subfieldset run-from">
        <legend>Run from</legend>
        <div className="region-options">
          {options.map((option) => {
            const id = `run-from-${option.value}`;
            const disabled = option.value === "agent" && closed !== null && !agentChosen;
            return (
              <div key={option.value} className="region-option">
                <input
                  id={id}
                  type="radio"
                  name="run_from"
                  value={option.value}
                  checked={shown === option.value}
                  disabled={disabled}
                  aria-describedby={`${id}-text`}
                  onChange={() => set("run_from", option.value)}
                />
                <label htmlFor={id}>
                  <span className="region-code">{option.label}</span>
                </label>
                <p id={`${id}-text`} className="region-why">
                  {option.value === "agent" && closed ? closed : option.text}
                </p>
              </div>
            );
          })}
        </div>
      </fieldset>
      {shown === "agent" && plan.limits.agents === 0 ? (
        errors.agent_id ? (
          <p className="field-error">{errors.agent_id}</p>
        ) : null
      ) : shown === "agent" ? (
        <AgentPicker values={values} set={set} errors={errors} />
      ) : (
        <RegionFields values={values} set={set} errors={errors} plan={plan} editing={editing} />
      )}
    </>
  );
}
