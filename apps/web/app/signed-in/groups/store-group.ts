import type { QueryClient } from "@tanstack/react-query";
import type { Group, ListOf } from "@upwatch/api";
import { queryKeys } from "../cache/queries.ts";

/**
 * A group that was made or changed here. Its members' monitors name their groups and their
 * channels, so those and the filtered overviews are read again too.
 */
export function storeGroup(client: QueryClient, group: Group): void {
  client.setQueryData(queryKeys.group(group.id), group);
  client.setQueryData<ListOf<Group>>(queryKeys.groups, (list) =>
    list
      ? {
          ...list,
          data: [...list.data.filter((item) => item.id !== group.id), group].sort((a, b) =>
            a.name.localeCompare(b.name),
          ),
        }
      : list,
  );
  refreshMembers(client);
}

/** A group that was deleted here leaves the lists; its monitors stay. */
export function forgetGroup(client: QueryClient, groupId: string): void {
  client.setQueryData<ListOf<Group>>(queryKeys.groups, (list) =>
    list ? { ...list, data: list.data.filter((item) => item.id !== groupId) } : list,
  );
  client.removeQueries({ queryKey: queryKeys.group(groupId) });
  refreshMembers(client);
}

function refreshMembers(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.monitors });
  // Each monitor's page shows its groups and the channels it has through them.
  void client.invalidateQueries({
    queryKey: ["monitor"],
    predicate: (query) => query.queryKey[2] === "details",
  });
  void client.invalidateQueries({ queryKey: queryKeys.overview });
}

/** After a change whose answer is not the group (members added or removed): read it again. */
export async function reloadGroup(client: QueryClient): Promise<void> {
  refreshMembers(client);
  await client.invalidateQueries({ queryKey: queryKeys.groups });
}
