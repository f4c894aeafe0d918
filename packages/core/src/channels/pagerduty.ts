import { z } from "zod";
import { defineChannelType } from "./channel-type.ts";

/** An Events API v2 integration key: 32 letters and digits. */
const ROUTING_KEY = /^[A-Za-z0-9]{32}$/;
const ROUTING_KEY_MESSAGE =
  "config.routing_key must be the integration key of an Events API v2 integration in PagerDuty: 32 letters and digits.";

/** Incidents in a PagerDuty service, opened, acknowledged and resolved with the alert. */
export const pagerDutyChannel = defineChannelType({
  id: "pagerduty",
  label: "PagerDuty",
  word: "PagerDuty",
  planTableName: "PagerDuty",
  description:
    "Incidents in a PagerDuty service, acknowledged and resolved with the alert, through the Events API v2.",
  article: "pagerduty-integration",
  plans: ["enterprise"],
  config: z.strictObject({
    routing_key: z
      .string({ message: ROUTING_KEY_MESSAGE })
      .trim()
      .regex(ROUTING_KEY, { message: ROUTING_KEY_MESSAGE }),
  }),
  secretFields: ["routing_key"],
  guardedUrls: [],
  fields: [
    {
      key: "routing_key",
      label: "Integration key",
      hint: "In PagerDuty: the service's Integrations > Add an integration > Events API V2, then copy its Integration Key.",
      placeholder: "32 letters and digits",
      inputType: "password",
      autoComplete: "off",
      pattern: ROUTING_KEY,
      empty: "Enter the integration key of the PagerDuty service.",
      mismatch: "An integration key is 32 letters and digits: copy it again from PagerDuty.",
    },
  ],
  acknowledgements: true,
  defaultName: () => "PagerDuty",
});
