import { ServiceError } from "../service-error.ts";

/** Checks an uptime target: above 0 and below 100 percent, at most three decimals. */
export function checkSlaTarget(targetPercent: number): number {
  const valid =
    Number.isFinite(targetPercent) &&
    targetPercent > 0 &&
    targetPercent < 100 &&
    Math.abs(targetPercent * 1000 - Math.round(targetPercent * 1000)) < 1e-6;
  if (!valid) {
    throw new ServiceError(
      "invalid",
      "The SLA target must be a percentage above 0 and below 100 with at most three decimals, such as 99.9.",
    );
  }
  return targetPercent;
}
