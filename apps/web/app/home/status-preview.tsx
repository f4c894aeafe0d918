interface PreviewMonitor {
  name: string;
  kind: string;
  state: "up" | "down" | "warn";
  detail: string;
}

const MONITORS: readonly PreviewMonitor[] = [
  { name: "shop.example.com", kind: "HTTPS", state: "up", detail: "182 ms" },
  { name: "api.example.com/v2/orders", kind: "Multi-step", state: "up", detail: "4 steps, 311 ms" },
  { name: "db-primary", kind: "Agent", state: "warn", detail: "Disk 87% used" },
  { name: "mail.example.com:587", kind: "TCP", state: "down", detail: "3 failed checks" },
];

const STATE_LABEL = { up: "Up", down: "Down", warn: "Warning" } as const;

/** A still picture of the dashboard, drawn in HTML, so the hero shows what the product does. */
export function StatusPreview() {
  return (
    <figure className="status-preview">
      <figcaption className="status-preview-head">
        <span>Monitors</span>
        <span className="status-preview-summary">3 of 4 up · checked 12 s ago</span>
      </figcaption>
      <ul>
        {MONITORS.map((monitor) => (
          <li key={monitor.name} className="preview-row">
            <span className={`state-dot state-${monitor.state}`} aria-hidden="true" />
            <span className="preview-name">
              {monitor.name}
              <span className="preview-kind">{monitor.kind}</span>
            </span>
            <span className={`preview-state state-text-${monitor.state}`}>
              {STATE_LABEL[monitor.state]}
              <span className="preview-detail">{monitor.detail}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="preview-alert">
        <strong>Alert sent</strong> to #ops on Slack and by SMS to the on-call phone. Next reminder
        in 10 minutes unless someone acknowledges.
      </div>
    </figure>
  );
}
