import { z } from "zod";
import { storableText } from "../storable-text.ts";
import { defineChannelType } from "./channel-type.ts";

const ADDRESS = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** E-mails to one address; an address outside the account confirms before it receives alerts. */
export const emailChannel = defineChannelType({
  id: "email",
  label: "E-mail",
  word: "e-mail",
  planTableName: "Email",
  description: "Alerts as e-mails to one address (a person or a team list).",
  article: "email-alerts",
  plans: ["free", "hobby", "business", "enterprise"],
  config: z.strictObject({
    address: z
      .string({ message: "config.address must be an e-mail address." })
      .check(storableText("config.address"))
      .trim()
      .max(254, { message: "config.address can be at most 254 characters." })
      .regex(ADDRESS, { message: "config.address must be an e-mail address." }),
  }),
  secretFields: [],
  guardedUrls: [],
  fields: [
    {
      key: "address",
      label: "E-mail address",
      hint: "Where alerts are sent. An address other than your own first gets one mail asking it to confirm.",
      placeholder: "oncall@example.com",
      inputType: "email",
      autoComplete: "email",
      pattern: ADDRESS,
      empty: "Enter the e-mail address alerts go to.",
      mismatch: "Enter an e-mail address like oncall@example.com.",
    },
  ],
  defaultName: (config) => config.address,
});
