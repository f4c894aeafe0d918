import { z } from "zod";
import { defineChannelType } from "./channel-type.ts";

/** An API integration's key: a UUID-like run of letters, digits and dashes. */
const API_KEY = /^[A-Za-z0-9][A-Za-z0-9-]{19,99}$/;
const API_KEY_MESSAGE =
  "config.api_key must be the API key of an API integration in Opsgenie, such as eb243592-faa2-4ba2-a551-1afdf565c889.";

/** Where the account's Opsgenie lives: its US or its EU instance. */
const OPSGENIE_REGIONS = ["us", "eu"] as const;

/** Alerts in Opsgenie, acknowledged and closed with the alert, through the Alert API. */
export const opsgenieChannel = defineChannelType({
  id: "opsgenie",
  label: "Opsgenie",
  word: "Opsgenie",
  planTableName: "Opsgenie",
  description:
    "Alerts in Opsgenie, acknowledged and closed with the alert, through an API integration.",
  article: "opsgenie-integration",
  plans: ["enterprise"],
  config: z.strictObject({
    api_key: z
      .string({ message: API_KEY_MESSAGE })
      .trim()
      .regex(API_KEY, { message: API_KEY_MESSAGE }),
    region: z.enum(OPSGENIE_REGIONS, { message: "config.region must be us or eu." }).default("us"),
  }),
  secretFields: ["api_key"],
  guardedUrls: [],
  fields: [
    {
      key: "api_key",
      label: "API key",
      hint: "In Opsgenie: Settings > Integrations > Add integration > API, with Create and Update Access, then copy its API Key.",
      placeholder: "eb243592-faa2-4ba2-a551-1afdf565c889",
      inputType: "password",
      autoComplete: "off",
      pattern: API_KEY,
      empty: "Enter the API key of the Opsgenie integration.",
      mismatch:
        "An API key is letters, digits and dashes, such as eb243592-faa2-4ba2-a551-1afdf565c889.",
    },
    {
      key: "region",
      label: "Opsgenie instance",
      hint: "EU if your Opsgenie address ends in .eu.opsgenie.com, US otherwise.",
      placeholder: "",
      inputType: "select",
      autoComplete: "off",
      pattern: /^(us|eu)$/,
      mismatch: "Choose US or EU.",
      options: [
        { value: "us", label: "US (api.opsgenie.com)" },
        { value: "eu", label: "EU (api.eu.opsgenie.com)" },
      ],
    },
  ],
  acknowledgements: true,
  defaultName: () => "Opsgenie",
});
