import { formatDateTime, formatRelative } from "../ui/format.ts";
import type { AgentDetail } from "./agents-api.ts";

const STATES = {
  running: { icon: "✔", label: "Running" },
  stopped: { icon: "✖", label: "Stopped" },
  unknown: { icon: "?", label: "Unknown" },
} as const;

/** The services listed in agent.yaml and the state each was last reported in. */
export function AgentServices({ agent }: { agent: AgentDetail }) {
  const services = agent.latest?.services ?? [];
  if (services.length === 0) {
    return (
      <p className="app-muted">
        No services are reported. List them under <code className="app-code">services</code> in the
        agent's agent.yaml (such as nginx or postgresql) to see whether each is running.
      </p>
    );
  }
  return (
    <div className="app-table-wrap">
      <table className="app-table app-table-stack">
        <caption className="visually-hidden">Services</caption>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">State</th>
            <th scope="col">Since</th>
          </tr>
        </thead>
        <tbody>
          {services.map((service) => {
            const shown = STATES[service.state];
            return (
              <tr key={service.name}>
                <td data-label="Service">{service.name}</td>
                <td data-label="State">
                  <span className="agent-status" data-service-state={service.state}>
                    <span className="agent-status-icon" aria-hidden="true">
                      {shown.icon}
                    </span>
                    {shown.label}
                  </span>
                </td>
                <td data-label="Since">
                  {service.since ? (
                    <time dateTime={service.since} title={formatDateTime(service.since)}>
                      {formatRelative(service.since)}
                    </time>
                  ) : (
                    "–"
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
