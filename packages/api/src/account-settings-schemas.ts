import { timeZoneSchema } from "@upwatch/core";
import { z } from "zod";

/** `PATCH /api/v1/account/settings`. */
export const accountSettingsBody = z.object({ time_zone: timeZoneSchema });

export const accountSettingsResponse = z.object({
  time_zone: z
    .string()
    .describe(
      "The account's IANA time zone: calendar months of reports and recurring maintenance windows follow it.",
    ),
  can_change: z.boolean().describe("Whether you may change it: only the account's owner may."),
});
export type AccountSettings = z.output<typeof accountSettingsResponse>;
