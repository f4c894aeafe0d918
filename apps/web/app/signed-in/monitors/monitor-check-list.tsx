import type { MonitorView } from "@upwatch/api";

interface MonitorCheckListProps {
  monitors: readonly MonitorView[];
  selected: readonly string[];
  onChange(ids: string[]): void;
}

/** A check box for each monitor, with its name and target, that adds it to the choice or takes it out. */
export function MonitorCheckList({ monitors, selected, onChange }: MonitorCheckListProps) {
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((other) => other !== id));
  return (
    <ul className="app-check-list">
      {monitors.map((monitor) => (
        <li key={monitor.id}>
          <label className="app-check">
            <input
              type="checkbox"
              checked={selected.includes(monitor.id)}
              onChange={(event) => toggle(monitor.id, event.target.checked)}
            />
            <span>
              {monitor.name} <span className="app-muted">{monitor.target}</span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
