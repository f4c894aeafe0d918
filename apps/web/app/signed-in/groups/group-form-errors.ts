import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX } from "@upwatch/core";
import type { FormErrors } from "../ui/use-form-submission.ts";

export type GroupField = "name" | "description" | "monitors";

/** What the form can tell before asking the server. */
export function checkGroupFields(name: string, description: string): FormErrors<GroupField> {
  return {
    name: !name.trim()
      ? "Give the group a name."
      : name.trim().length > GROUP_NAME_MAX
        ? `Use at most ${GROUP_NAME_MAX} characters.`
        : undefined,
    description:
      description.trim().length > GROUP_DESCRIPTION_MAX
        ? `Use at most ${GROUP_DESCRIPTION_MAX} characters.`
        : undefined,
  };
}

/** Puts the server's refusal under the field it is about: a taken name under the name. */
export function groupErrorsFrom(status: number, detail: string): FormErrors<GroupField> {
  if (status === 409 || /\bname\b/i.test(detail)) return { name: detail };
  if (/\bdescription\b/i.test(detail)) return { description: detail };
  if (/\bmonitor/i.test(detail)) return { monitors: detail };
  return { form: detail };
}
