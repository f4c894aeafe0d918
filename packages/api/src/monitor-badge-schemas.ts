import { z } from "zod";

/** `PUT /api/v1/monitors/{id}/badges`. */
export const monitorBadgesBody = z.object({
  enabled: z
    .boolean({ message: "enabled must be true or false." })
    .describe("true gives the monitor public badge URLs; false stops every one of them."),
});

const badgeUrls = z
  .object({
    status: z.string().describe("Up, down, paused or pending"),
    uptime_24h: z.string(),
    uptime_7d: z.string(),
    uptime_30d: z.string(),
    response_time: z.string().describe("The average response time of the last 24 hours"),
  })
  .describe("Each badge's public SVG address; anyone holding one can see that figure.");

export const monitorBadgesResponse = z.object({
  enabled: z.boolean(),
  urls: badgeUrls.nullable().describe("Null while badges are off."),
});
export type MonitorBadges = z.output<typeof monitorBadgesResponse>;
