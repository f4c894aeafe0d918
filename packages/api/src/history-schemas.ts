import { z } from "zod";

/** `PUT /api/v1/account/history`: the days to keep, or null for the plan's default. */
export const historySettingBody = z.object({
  days: z
    .number({ message: "days must be a whole number of days, or null for the default." })
    .int({ message: "days must be a whole number of days, or null for the default." })
    .nullable()
    .describe("Days of check history to keep; null goes back to the default of 400 days."),
});

export const historySettingResponse = z.object({
  history_days: z
    .number()
    .int()
    .describe("Days of raw check results and hourly figures the account keeps now."),
  chosen_days: z
    .number()
    .int()
    .nullable()
    .describe("The account's own choice; null when it keeps the default."),
  can_choose: z
    .boolean()
    .describe("Whether the plan lets the account choose (Enterprise+ and self-hosted)."),
  min_days: z.number().int().describe("The shortest history the account may choose."),
  max_days: z.number().int().describe("The longest history this server lets an account keep."),
  default_days: z.number().int().describe("What the account keeps when it has not chosen."),
});
export type HistorySetting = z.output<typeof historySettingResponse>;
