import { emailAddressSchema, registerSchema, storableText } from "@upwatch/core";
import { z } from "zod";

const isoTime = z.string().describe("ISO 8601 time");
const id = (what: string) =>
  z
    .string({ message: `Give ${what}.` })
    .check(storableText(what))
    .min(1, { message: `Give ${what}.` })
    .max(100, { message: `${what} is too long.` });

/** A role that can be given to a member or an invitation (never `owner`). */
export const assignableRoleSchema = z.enum(["admin", "member", "viewer", "custom"], {
  message: "The role must be admin, member, viewer or custom.",
});

const roleName = z.enum(["owner", "admin", "member", "viewer", "custom"]);

/** Path parameters of a member. */
export const memberParams = z.object({ userId: id("The member's id") });

/** Path parameters of an invitation link. */
export const invitationTokenParams = z.object({ token: id("The invitation's token") });

export const memberRequestSchemas = {
  changeMemberRole: z.object({
    role: assignableRoleSchema,
    custom_role_id: id("The custom role's id").nullable().optional(),
  }),
  transferOwnership: z.object({
    user_id: id("The new owner's id"),
    password: z
      .string({ message: "Enter your password." })
      .check(storableText("The password"))
      .min(1, { message: "Enter your password." })
      .max(1000, { message: "That password is too long." }),
  }),
  createInvitation: z.object({
    email: emailAddressSchema,
    role: assignableRoleSchema,
    custom_role_id: id("The custom role's id").nullable().optional(),
  }),
  registerByInvitation: z.object({ password: registerSchema.shape.password }),
  switchAccount: z.object({ account_id: id("The account's id") }),
  createAccount: z.object({
    name: z
      .string({ message: "Give the account a name." })
      .check(storableText("The account name"))
      .trim()
      .min(1, { message: "Give the account a name." })
      .max(100, { message: "The account name must be at most 100 characters." }),
  }),
};

export const memberResponse = z.object({
  user_id: z.string(),
  email: z.string(),
  role: roleName,
  custom_role_id: z.string().nullable(),
  role_name: z.string().describe("The role as shown: a built-in role's name or the custom role's."),
  joined_at: isoTime,
  two_factor: z.boolean().describe("Whether the person signs in with a second factor."),
  is_you: z.boolean(),
});
export const memberListResponse = z.object({ data: z.array(memberResponse) });

export const invitationResponse = z.object({
  id: z.string(),
  email: z.string(),
  role: roleName,
  custom_role_id: z.string().nullable(),
  role_name: z.string(),
  invited_by: z.string().nullable().describe("The inviter's e-mail address, while they exist."),
  created_at: isoTime,
  sent_at: isoTime,
  expires_at: isoTime,
});
export const invitationListResponse = z.object({ data: z.array(invitationResponse) });

export const invitationPreviewResponse = z.object({
  email: z.string(),
  account_name: z.string(),
  invited_by: z.string().nullable(),
  role_name: z.string(),
  expires_at: isoTime,
  has_person: z
    .boolean()
    .describe("Whether the invited address already signs in (then accept; else register)."),
});

/** A member as the members list answers it. */
export type MemberView = z.output<typeof memberResponse>;
/** A pending invitation as the invitations list answers it. */
export type InvitationView = z.output<typeof invitationResponse>;
/** What an invitation link offers. */
export type InvitationPreview = z.output<typeof invitationPreviewResponse>;
