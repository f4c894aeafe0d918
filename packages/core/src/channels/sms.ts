import { z } from "zod";
import { defineChannelType } from "./channel-type.ts";

const PHONE = /^\+[1-9]\d{6,14}$/;
const PHONE_MESSAGE =
  "config.phone must be in international format: + and the country code, without spaces, such as +64211234567.";

/** Text messages to one phone, through the SMS provider the server is set up with. */
export const smsChannel = defineChannelType({
  id: "sms",
  label: "SMS",
  word: "SMS",
  planTableName: "SMS",
  description: "A text message to a phone, for the alerts that must wake someone.",
  article: "sms-alerts",
  plans: ["hobby", "business", "enterprise"],
  config: z.strictObject({
    phone: z.string({ message: PHONE_MESSAGE }).regex(PHONE, { message: PHONE_MESSAGE }),
  }),
  secretFields: [],
  guardedUrls: [],
  fields: [
    {
      key: "phone",
      label: "Phone number",
      hint: "International format: + and the country code, no spaces, such as +64211234567.",
      placeholder: "+64211234567",
      inputType: "tel",
      autoComplete: "tel",
      pattern: PHONE,
      empty: "Enter the phone number alerts go to.",
      mismatch:
        "Use the international format: + and the country code, without spaces, such as +64211234567.",
    },
  ],
  defaultName: (config) => config.phone,
});
