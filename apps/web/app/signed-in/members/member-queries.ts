import { queryOptions } from "@tanstack/react-query";
import type { InvitationView, MemberView } from "@upwatch/api";
import { apiRequest } from "../api-client.ts";

/** The cache keys of the members screen. */
export const memberKeys = {
  members: ["members"] as const,
  invitations: ["invitations"] as const,
};

export const membersQuery = () =>
  queryOptions({
    queryKey: memberKeys.members,
    queryFn: () => apiRequest<{ data: MemberView[] }>("GET", "/members"),
  });

export const invitationsQuery = () =>
  queryOptions({
    queryKey: memberKeys.invitations,
    queryFn: () => apiRequest<{ data: InvitationView[] }>("GET", "/invitations"),
    // A 403 means the role may not manage members; asking again would not change that.
    retry: false,
  });
