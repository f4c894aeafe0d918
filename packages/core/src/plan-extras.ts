import type { Plan } from "./plans.ts";

/** Monitors and agents bought on top of a plan's own (the extras sold with Hobby and Business). */
export interface PlanExtras {
  monitors: number;
  agents: number;
}

export const NO_EXTRAS: PlanExtras = { monitors: 0, agents: 0 };

/**
 * The plan with the extras bought on top of it counted in its limits: the monitors an account
 * may keep active, and its agents where the plan has a finite number of them.
 */
export function withExtras(plan: Plan, extras: PlanExtras): Plan {
  if (extras.monitors <= 0 && extras.agents <= 0) return plan;
  const { monitors, agents } = plan.limits;
  return {
    ...plan,
    limits: {
      ...plan.limits,
      monitors: monitors === null ? null : monitors + Math.max(0, extras.monitors),
      agents: agents === null ? null : agents + Math.max(0, extras.agents),
    },
  };
}
