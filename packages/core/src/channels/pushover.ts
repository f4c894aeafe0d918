import { z } from "zod";
import { defineChannelType } from "./channel-type.ts";

/** Pushover's application tokens and user and group keys: 30 letters and digits. */
const KEY = /^[A-Za-z0-9]{30}$/;
const APP_TOKEN_MESSAGE =
  "config.app_token must be a Pushover application's API token: 30 letters and digits.";
const USER_KEY_MESSAGE =
  "config.user_key must be a Pushover user or group key: 30 letters and digits.";
/** One device name or several separated by commas, as Pushover names devices. */
const DEVICE = /^[A-Za-z0-9_-]{1,25}(,[A-Za-z0-9_-]{1,25})*$/;
const DEVICE_MESSAGE =
  "config.device must be a Pushover device name of up to 25 letters, digits, hyphens and underscores, or several separated by commas.";

const key = (message: string) => z.string({ message }).trim().regex(KEY, { message });

/** Push notifications through Pushover, to a user's devices or a group. */
export const pushoverChannel = defineChannelType({
  id: "pushover",
  label: "Pushover",
  word: "Pushover",
  planTableName: "Pushover",
  description:
    "Push notifications to your phones through Pushover, critical alerts as emergencies.",
  article: "pushover-integration",
  plans: ["hobby", "business", "enterprise"],
  config: z.strictObject({
    user_key: key(USER_KEY_MESSAGE),
    app_token: key(APP_TOKEN_MESSAGE),
    device: z
      .string({ message: DEVICE_MESSAGE })
      .trim()
      .max(200, { message: "config.device can be at most 200 characters." })
      .regex(DEVICE, { message: DEVICE_MESSAGE })
      .optional(),
  }),
  secretFields: ["app_token", "user_key"],
  guardedUrls: [],
  // Acknowledging an alert in Upwatch stops its emergency from repeating on the phones.
  acknowledgements: true,
  fields: [
    {
      key: "user_key",
      label: "User or group key",
      hint: "Your user key, at the top of your Pushover dashboard, or a delivery group's key.",
      placeholder: "uQiRzpo4DXghDmr9QzzfQu27cmVRsG",
      inputType: "password",
      autoComplete: "off",
      pattern: KEY,
      empty: "Enter the Pushover user or group key alerts go to.",
      mismatch: "A Pushover user or group key is 30 letters and digits.",
    },
    {
      key: "app_token",
      label: "Application API token",
      hint: "Create an application at pushover.net/apps/build and copy its API Token/Key.",
      placeholder: "azGDORePK8gMaC0QOYAMyEEuzJnyUi",
      inputType: "password",
      autoComplete: "off",
      pattern: KEY,
      empty: "Enter the API token of your Pushover application.",
      mismatch: "A Pushover API token is 30 letters and digits.",
    },
    {
      key: "device",
      label: "Device (optional)",
      hint: "Send to this device only, or to several separated by commas. Leave it empty for all of them.",
      placeholder: "iphone",
      inputType: "text",
      autoComplete: "off",
      pattern: DEVICE,
      mismatch:
        "Use device names of up to 25 letters, digits, hyphens and underscores, separated by commas.",
    },
  ],
  defaultName: () => "Pushover",
});
