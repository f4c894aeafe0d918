import { ASSIGNABLE_PERMISSIONS, PERMISSIONS, ROLES, storableText } from "@upwatch/core";
import { z } from "zod";

/** The longest name a custom role may have, in characters. */
export const CUSTOM_ROLE_NAME_MAX = 60;

const NAME_RULE = `Give the role a name of 1 to ${CUSTOM_ROLE_NAME_MAX} characters.`;
const PERMISSIONS_RULE = `Choose the role's permissions from ${ASSIGNABLE_PERMISSIONS.join(", ")}.`;

const roleName = z
  .string({ message: NAME_RULE })
  .check(storableText("The role name"))
  .trim()
  .min(1, { message: NAME_RULE })
  .max(CUSTOM_ROLE_NAME_MAX, { message: NAME_RULE });

const rolePermissions = z
  .array(z.enum(ASSIGNABLE_PERMISSIONS as [string, ...string[]], { message: PERMISSIONS_RULE }), {
    message: PERMISSIONS_RULE,
  })
  .max(PERMISSIONS.length, { message: PERMISSIONS_RULE })
  .describe("Permissions from the assignable list; `view` is always added.");

/** Request bodies and path parameters of the role operations. */
export const roleRequestSchemas = {
  create: z.strictObject({ name: roleName, permissions: rolePermissions }),
  update: z
    .strictObject({ name: roleName.optional(), permissions: rolePermissions.optional() })
    .refine((body) => body.name !== undefined || body.permissions !== undefined, {
      message: "Send the role's new name, its permissions, or both.",
    }),
  params: z.object({ id: z.string().check(storableText("The role id in the path")) }),
};

const isoTime = z.string().describe("ISO 8601 time");

export const roleResponse = z.object({
  id: z.string().describe("A built-in role's name (`owner`, `admin`, …) or a custom role's id."),
  name: z.string(),
  kind: z.enum(["built_in", "custom"]),
  role: z
    .enum([...ROLES, "custom"])
    .describe("What to send as a member's `role`; custom roles also need `custom_role_id`."),
  permissions: z.array(z.enum(PERMISSIONS)),
  created_at: isoTime.nullable().describe("Custom roles only."),
  updated_at: isoTime.nullable().describe("Custom roles only."),
});
export const roleListResponse = z.object({ data: z.array(roleResponse) });

/** A role as the API answers it. */
export type RoleAnswer = z.output<typeof roleResponse>;
