const MINUTE = 60_000;

/** Default number of consecutive failed checks that makes a monitor down. */
export const DEFAULT_FAILURE_THRESHOLD = 3;
/** Default number of consecutive successful checks that makes a down monitor up again. */
export const DEFAULT_RECOVERY_CONFIRMATIONS = 1;

/**
 * The wait before the next notification of an open alert, given how many were sent already:
 * after the 1st-3rd, 10 minutes; after the 4th-6th, one hour; from the 7th on, three hours.
 */
export function escalationGapMs(notificationsSent: number): number {
  if (notificationsSent < 1) return 0;
  if (notificationsSent <= 3) return 10 * MINUTE;
  if (notificationsSent <= 6) return 60 * MINUTE;
  return 180 * MINUTE;
}

/** Minutes after an alert opens at which its notifications go out: 0, 10, 20, 30, 90, ... */
export function escalationScheduleMinutes(count: number): number[] {
  const times: number[] = [];
  let at = 0;
  for (let sent = 0; sent < count; sent++) {
    at += escalationGapMs(sent);
    times.push(at / MINUTE);
  }
  return times;
}

/** Where an open alert stands in its escalation. */
export interface Escalation {
  notificationsSent: number;
  /** When the next notification is due; null once acknowledged or resolved. */
  nextDueAt: number | null;
  acknowledged: boolean;
}

/** A new alert: its first notification is due at once. */
export function openEscalation(at: number): Escalation {
  return { notificationsSent: 0, nextDueAt: at, acknowledged: false };
}

/** Acknowledging stops notifications; the alert stays open. */
export function acknowledgeEscalation(escalation: Escalation): Escalation {
  return { ...escalation, acknowledged: true, nextDueAt: null };
}

export type NotificationDecision = "notify" | "suppressed" | "not-due";

/**
 * What to do for an open alert at `now`. A due notification is sent unless the monitor's
 * parents are all down, in which case it waits (and stays due) until one recovers.
 */
export function decideNotification(
  escalation: Escalation,
  now: number,
  suppressed: boolean,
): { decision: NotificationDecision; escalation: Escalation } {
  if (escalation.acknowledged || escalation.nextDueAt === null || now < escalation.nextDueAt) {
    return { decision: "not-due", escalation };
  }
  if (suppressed) return { decision: "suppressed", escalation };
  const sent = escalation.notificationsSent + 1;
  return {
    decision: "notify",
    escalation: { ...escalation, notificationsSent: sent, nextDueAt: now + escalationGapMs(sent) },
  };
}
