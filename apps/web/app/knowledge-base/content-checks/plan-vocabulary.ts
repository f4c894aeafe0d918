import { PLANS, type Plan } from "@upwatch/core";

/** Regex source matching any real plan name as a whole word (`Enterprise+` included). */
export const PLAN_NAME = `(?:${PLANS.map((plan) => escapeRegex(plan.name)).join("|")})(?![\\w+])`;

/** The plan with this exact name. */
export function planNamed(name: string): Plan | undefined {
  return PLANS.find((plan) => plan.name === name);
}

/** A limit stated in prose or a table, and what `plans.ts` says it is. */
export type LimitKind = "monitors" | "agents" | "users" | "monthly price" | "yearly price";

/** The value `plans.ts` has for a limit; `null` means unlimited, or no such price. */
export function planValue(plan: Plan, kind: LimitKind): number | null {
  switch (kind) {
    case "monitors":
      return plan.limits.monitors;
    case "agents":
      return plan.limits.agents;
    case "users":
      return plan.limits.users;
    case "monthly price":
      return plan.monthlyPrice;
    case "yearly price":
      return plan.yearlyPrice;
  }
}

/** A sentence describing a disagreement, or nothing when the stated value is right. */
export function disagreement(
  plan: Plan,
  kind: LimitKind,
  stated: number | null,
  where: string,
): string | undefined {
  const actual = planValue(plan, kind);
  if (actual === stated) return undefined;
  const show = (value: number | null) =>
    value === null ? (kind.endsWith("price") ? "none (custom)" : "unlimited") : String(value);
  return `${where}: states ${kind} ${show(stated)} for ${plan.name}, but the plan has ${show(actual)}`;
}

/** "1,000" -> 1000, "unlimited" -> null, "no" -> 0. */
export function parseAmount(text: string): number | null {
  const lower = text.toLowerCase();
  if (lower === "unlimited") return null;
  if (lower === "no") return 0;
  return Number(lower.replace(/[,$]/g, ""));
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
