export type AttemptStatus = "delivered" | "failed" | "timeout";

/** One delivery attempt of one notification. */
export interface DeliveryAttempt {
  notificationId: string;
  status: AttemptStatus;
  latencyMs: number;
  error: string | null;
  attemptedAt: number;
}
