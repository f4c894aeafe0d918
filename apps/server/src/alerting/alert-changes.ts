/** An alert a transaction opened, notified (escalated), acknowledged or resolved. */
export interface ChangedAlert {
  id: string;
  account_id: string;
}

/** Told, once a transaction has committed, which alerts it changed (the live updates). */
export type AlertsChanged = (alerts: readonly ChangedAlert[]) => void;

/** Collects the alerts one transaction changes, each once, to announce after it commits. */
export class AlertChanges {
  private readonly alerts = new Map<string, ChangedAlert>();

  add(alert: ChangedAlert): void {
    this.alerts.set(alert.id, { id: alert.id, account_id: alert.account_id });
  }

  /** Tells `listener` what was collected, if anything. */
  announce(listener: AlertsChanged | undefined): void {
    if (this.alerts.size > 0) listener?.([...this.alerts.values()]);
  }
}
