import { useQuery } from "@tanstack/react-query";
import { problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { useCan } from "../../signed-in/session.tsx";
import { ComponentsEditor } from "../../signed-in/status-pages/components-editor.tsx";
import { ComponentsList } from "../../signed-in/status-pages/components-list.tsx";
import { statusComponentsQuery } from "../../signed-in/status-pages/status-pages-api.ts";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useStatusPage } from "./status-page.tsx";

export function meta() {
  return appMeta("Status page components");
}

/** A status page's components: their states, monitors, sections and order. */
export default function StatusPageComponents() {
  const page = useStatusPage();
  const components = useQuery(statusComponentsQuery(page.id));
  const mayManage = useCan()("status_pages.manage");
  if (components.isPending) return <Skeleton lines={4} label="Loading components" />;
  if (components.isError) {
    return (
      <LoadError
        message={problemText(components.error)}
        onRetry={() => void components.refetch()}
      />
    );
  }
  if (!mayManage) return <ComponentsList list={components.data} />;
  return <ComponentsEditor pageId={page.id} list={components.data} />;
}
