import { ALERT_SEVERITIES } from "@upwatch/core";
import { z } from "zod";

/** The alert severities an attachment of a channel receives. */
export const severitiesResponse = z
  .array(z.enum(ALERT_SEVERITIES))
  .describe("The alert severities it receives: one or more of critical, warning and info.");

/** One attachment (a channel on a monitor, group or agent) and the severities it receives. */
export const channelLinkResponse = z.object({ id: z.string(), severities: severitiesResponse });

/** When a channel receives only critical alerts and their recoveries. */
export const quietHoursResponse = z
  .object({
    from: z.string().describe("Local start, HH:MM on a 24-hour clock."),
    until: z.string().describe("Local end, HH:MM; earlier than from when it crosses midnight."),
    time_zone: z.string().describe("The IANA time zone the times are read in."),
  })
  .nullable()
  .describe(
    "A daily window in which the channel receives only critical alerts and their recoveries; null for none.",
  );
