import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { call } from "../api-call.ts";
import { queryKeys } from "../cache/queries.ts";
import { OP } from "../operation-routes.ts";

const KEY = ["plan-change"] as const;

/** The latest plan change nobody dismissed and the monitors it paused. */
export const planChangeQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: () => call(OP.getPlanChange),
  });

/** After a monitor was paused or resumed here: the notice's counts and the lists follow. */
export function refreshAfterPauseOrResume(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: KEY }),
    client.invalidateQueries({ queryKey: queryKeys.monitors }),
    client.invalidateQueries({ queryKey: queryKeys.overview }),
    client.invalidateQueries({ queryKey: queryKeys.account }),
  ]);
}
