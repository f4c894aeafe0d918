import { CHECK_TYPES, PLAN_CHANGE_KINDS, PLAN_IDS } from "@upwatch/core";
import { z } from "zod";
import type { ApiOperation } from "./api-operation.ts";

const planChangeLine = z.object({
  kind: z.enum(PLAN_CHANGE_KINDS),
  sentence: z.string(),
  monitor_id: z.string().nullable(),
  channel_id: z.string().nullable(),
});

/** The account's latest plan change that nobody dismissed, and the monitors it paused. */
export const planChangeResponse = z.object({
  notice: z
    .object({
      id: z.string(),
      from_plan: z.enum(PLAN_IDS),
      to_plan: z.enum(PLAN_IDS),
      created_at: z.string(),
      changes: z.array(planChangeLine),
    })
    .nullable(),
  paused_by_plan: z.array(
    z.object({ id: z.string(), name: z.string(), type: z.enum(CHECK_TYPES) }),
  ),
  active_monitors: z.number().int(),
  /** Null when the plan has no limit. */
  monitor_limit: z.number().int().nullable(),
});

/** A move to another plan as the account sees it: what changed, and choosing what stays active. */
export const PLAN_CHANGE_OPERATIONS = {
  getPlanChange: {
    method: "GET",
    url: "/account/plan-change",
    permission: "view",
    summary:
      "The latest plan change not yet dismissed (each change as a sentence), the monitors it paused, and how many monitors are active of the plan's limit",
    tag: "Account",
    status: 200,
    response: planChangeResponse,
  },
  dismissPlanChange: {
    method: "POST",
    url: "/account/plan-change/dismiss",
    permission: "monitors.manage",
    summary: "Dismiss the plan change notice for everyone in the account",
    tag: "Account",
    status: 204,
  },
} as const satisfies Record<string, ApiOperation>;

/** The plan change answer as the web app reads it. */
export type PlanChangeAnswer = z.output<typeof planChangeResponse>;
