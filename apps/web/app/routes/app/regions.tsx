import { useQuery } from "@tanstack/react-query";
import { stylesheet } from "../../lib/stylesheet.ts";
import { problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { regionsQuery } from "../../signed-in/cache/queries.ts";
import { OutageBanners, RegionList } from "../../signed-in/regions/region-list.tsx";
import regionsCss from "../../signed-in/regions/regions.css?url";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";

export const links = () => [stylesheet(regionsCss)];

export function meta() {
  return appMeta("Regions");
}

/** Regions: which ones this install can check from right now, and runner outages. */
export default function Regions() {
  const answer = useQuery(regionsQuery());
  const regions = answer.data?.regions ?? [];
  return (
    <>
      <PageHeader
        title="Regions"
        description="Where monitors can be checked from. The server checks its own region; runners check the others. A region is served while one of its runners has answered in the last 20 seconds."
      />
      {answer.isSuccess ? <OutageBanners regions={regions} /> : null}
      <section className="app-panel" aria-labelledby="regions-heading">
        <h2 id="regions-heading">Every region</h2>
        {answer.isPending ? <Skeleton lines={4} label="Loading the regions" /> : null}
        {answer.isError ? (
          <LoadError message={problemText(answer.error)} onRetry={() => void answer.refetch()} />
        ) : null}
        {answer.isSuccess && regions.length === 0 ? (
          <EmptyState title="No regions">
            This server offers no regions to check from. Its operator sets the server's own region
            and starts runners for others.
          </EmptyState>
        ) : null}
        {answer.isSuccess && regions.length > 0 ? <RegionList regions={regions} /> : null}
        <p className="app-muted region-list-note">
          A monitor can only be set to a served region. When a region loses its runners, its
          monitors' checks from there are recorded as missed, never as down.
        </p>
      </section>
    </>
  );
}
