import { ALERT_SEVERITIES, type AlertSeverity, orderSeverities } from "@upwatch/core";

const LABELS: Record<AlertSeverity, string> = {
  critical: "Critical",
  warning: "Warning",
  info: "Info",
};

/**
 * Three toggle chips choosing which alert severities a channel receives: one at least stays on,
 * so the last one pressed cannot be turned off.
 */
export function SeverityChips({
  label,
  value,
  onChange,
  disabled = false,
}: {
  /** What the group of chips is for, read by screen readers: "Severities for On-call SMS". */
  label: string;
  value: readonly AlertSeverity[];
  onChange: (next: AlertSeverity[]) => void;
  disabled?: boolean;
}) {
  const toggle = (severity: AlertSeverity) => {
    const on = value.includes(severity);
    if (on && value.length === 1) return;
    onChange(
      orderSeverities(on ? value.filter((item) => item !== severity) : [...value, severity]),
    );
  };
  return (
    <fieldset className="severity-chips" aria-label={label}>
      {ALERT_SEVERITIES.map((severity) => {
        const on = value.includes(severity);
        const last = on && value.length === 1;
        return (
          <button
            key={severity}
            type="button"
            className={`severity-chip severity-chip-${severity}`}
            aria-pressed={on}
            disabled={disabled}
            title={last ? "A channel receives at least one severity." : undefined}
            onClick={() => toggle(severity)}
          >
            {LABELS[severity]}
          </button>
        );
      })}
    </fieldset>
  );
}

/** Every severity, what a channel receives unless told otherwise. */
export const EVERY_SEVERITY: readonly AlertSeverity[] = ALERT_SEVERITIES;

/** "Critical and Warning", "Every severity": what a set of severities says in a sentence. */
export function severitiesText(list: readonly AlertSeverity[]): string {
  if (list.length === ALERT_SEVERITIES.length) return "Every severity";
  const names = orderSeverities(list).map((severity) => LABELS[severity]);
  return names.length === 1 ? `${names[0]} only` : names.join(" and ");
}
