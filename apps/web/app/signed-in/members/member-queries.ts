import { queryOptions } from "@tanstack/react-query";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";

/** The cache keys of the members screen. */
export const memberKeys = {
  members: ["members"] as const,
  invitations: ["invitations"] as const,
};

export const membersQuery = () =>
  queryOptions({
    queryKey: memberKeys.members,
    queryFn: () => call(OP.listMembers),
  });

export const invitationsQuery = () =>
  queryOptions({
    queryKey: memberKeys.invitations,
    queryFn: () => call(OP.listInvitations),
    // A 403 means the role may not manage members; asking again would not change that.
    retry: false,
  });
