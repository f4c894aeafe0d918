import { z } from "zod";
import type { ApiOperation } from "./api-operation.ts";

/** What registering allows at this moment (REGISTRATION=first-account changes once an owner exists). */
export const registrationResponse = z.object({
  registration: z.enum(["open", "invite-only", "closed"]),
});

/** Something the server's operator should fix, told to the people who run the server. */
export const serverNoticeSchema = z.object({
  code: z.enum(["public_url_unset"]),
  message: z.string(),
});
export type ServerNotice = z.infer<typeof serverNoticeSchema>;

export const serverNoticesResponse = z.object({ notices: z.array(serverNoticeSchema) });

/** The server itself: whether it takes sign-ups now, and what its operator should fix. */
export const SERVER_OPERATIONS = {
  getRegistration: {
    method: "GET",
    url: "/auth/registration",
    summary: "Whether this server takes new sign-ups now, by invitation only, or not at all",
    tag: "Sign-in",
    access: "public",
    status: 200,
    response: registrationResponse,
  },
  listServerNotices: {
    method: "GET",
    url: "/server/notices",
    permission: "self",
    summary:
      "What the server's operator should fix (such as PUBLIC_URL unset); empty for everyone else",
    tag: "Account",
    access: "session",
    status: 200,
    response: serverNoticesResponse,
  },
} as const satisfies Record<string, ApiOperation>;
