import { z } from "zod";
import { storableText } from "../storable-text.ts";
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  MAX_GROUPS_PER_ACCOUNT,
  MAX_MONITORS_PER_GROUP,
} from "./group-limits.ts";

const NAME_RULE = `Give the group a name of 1 to ${GROUP_NAME_MAX} characters.`;

export const groupNameField = z
  .string({ message: NAME_RULE })
  .check(storableText("The group name"))
  .trim()
  .min(1, { message: NAME_RULE })
  .max(GROUP_NAME_MAX, { message: NAME_RULE });

export const groupDescriptionField = z
  .string({ message: "description must be text or null." })
  .check(storableText("The description"))
  .trim()
  .max(GROUP_DESCRIPTION_MAX, {
    message: `The description can be at most ${GROUP_DESCRIPTION_MAX} characters.`,
  })
  .nullable()
  .transform((text) => (text === "" ? null : text));

function idList(field: string, what: string, max: number) {
  const message = `${field} must be a list of ${what} ids.`;
  return z
    .array(z.string({ message }).check(storableText(field)), { message })
    .max(max, { message: `${field} can list at most ${max} ${what}s.` })
    .transform((ids) => [...new Set(ids)]);
}

export const groupMonitorIdsField = idList("monitor_ids", "monitor", MAX_MONITORS_PER_GROUP);
export const groupChannelIdsField = idList("channel_ids", "channel", 100);
/** A monitor's groups, on monitor create and update. */
export const monitorGroupIdsField = idList("group_ids", "group", MAX_GROUPS_PER_ACCOUNT);
