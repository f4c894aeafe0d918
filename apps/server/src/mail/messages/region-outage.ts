import { PRODUCT_NAME } from "@upwatch/core";
import type { OutgoingMail } from "../outgoing-mail.ts";

/** The operator's notice that a region's checks stopped because no runner serves it. */
export function regionOutageMail(
  operatorEmail: string,
  outage: { region: string; lastSeenAt: number | null; startedAt: number; monitors: number },
): OutgoingMail {
  const lastSeen =
    outage.lastSeenAt === null
      ? "No runner of this region has been seen since the server started."
      : `The last runner heartbeat was at ${new Date(outage.lastSeenAt).toISOString()}.`;
  return {
    to: operatorEmail,
    subject: `[${PRODUCT_NAME}] No runner is checking ${outage.region}`,
    text: [
      `Since ${new Date(outage.startedAt).toISOString()}, no runner of ${outage.region} has sent a heartbeat.`,
      lastSeen,
      "",
      `${outage.monitors} monitor(s) run from ${outage.region}. Their checks there are recorded as missed, never as down, so no customer is paged for this.`,
      "",
      `Start a runner for ${outage.region} (npm run runner -- --region ${outage.region}) or check why the running one cannot reach the broker. You get one mail per outage; the server logs when it ends.`,
    ].join("\n"),
  };
}
