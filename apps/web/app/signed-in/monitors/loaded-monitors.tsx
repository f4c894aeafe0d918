import { useQuery } from "@tanstack/react-query";
import type { MonitorView } from "@upwatch/api";
import type { ReactNode } from "react";
import { problemText } from "../api-client.ts";
import { monitorsQuery } from "../cache/queries.ts";
import { LoadError } from "../ui/load-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";

/** The account's monitors for a form: a skeleton while they load, a retry if they fail. */
export function LoadedMonitors({ children }: { children(monitors: MonitorView[]): ReactNode }) {
  const monitors = useQuery(monitorsQuery());
  if (monitors.isPending) return <Skeleton lines={2} label="Loading monitors" />;
  if (monitors.isError) {
    return (
      <LoadError message={problemText(monitors.error)} onRetry={() => void monitors.refetch()} />
    );
  }
  return children(monitors.data.data);
}
