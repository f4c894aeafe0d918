import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { RequirePermission } from "../../signed-in/require-permission.tsx";
import { NewPageForm } from "../../signed-in/status-pages/new-page-form.tsx";
import statusCss from "../../signed-in/status-pages/status-pages.css?url";
import { statusPageKeys } from "../../signed-in/status-pages/status-pages-api.ts";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export const links = () => [stylesheet(statusCss)];

export function meta() {
  return appMeta("New status page");
}

const LIST = `${APP_BASE}/status-pages`;

/** The screen, for roles allowed it. */
export default function StatusPageNew() {
  return (
    <RequirePermission
      permission="status_pages.manage"
      title="New status page"
      refusal="Your role does not make status pages."
    >
      <StatusPageNewScreen />
    </RequirePermission>
  );
}

/** Creating a status page; its components come next, on the page itself. */
function StatusPageNewScreen() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { showToast } = useToast();
  const prefix = typeof window === "undefined" ? "/status/" : `${window.location.origin}/status/`;
  return (
    <>
      <PageHeader
        title="New status page"
        back={<Link to={LIST}>Back to status pages</Link>}
        description="Name the page and choose its address. You add its components next."
      />
      <div className="app-panel">
        <NewPageForm
          addressPrefix={prefix}
          onCreated={(page) => {
            client.setQueryData(statusPageKeys.page(page.id), page);
            void client.invalidateQueries({ queryKey: statusPageKeys.list });
            showToast(`${page.name} is created. Add its components now.`);
            navigate(`${LIST}/${encodeURIComponent(page.id)}`);
          }}
          onCancel={() => navigate(LIST)}
        />
      </div>
    </>
  );
}
