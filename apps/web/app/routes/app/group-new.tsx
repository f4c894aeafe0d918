import { Link, useNavigate } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { GroupForm } from "../../signed-in/groups/group-form.tsx";
import { GROUPS_PATH, groupPath } from "../../signed-in/groups/group-paths.ts";
import groupsCss from "../../signed-in/groups/groups.css?url";
import { RequirePermission } from "../../signed-in/require-permission.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export const links = () => [stylesheet(groupsCss)];

export function meta() {
  return appMeta("New group");
}

/** The screen, for roles allowed it. */
export default function GroupNew() {
  return (
    <RequirePermission
      permission="monitors.manage"
      title="New group"
      refusal="Your role does not make groups."
    >
      <GroupNewScreen />
    </RequirePermission>
  );
}

/** Making a group: its name, what it covers, and the monitors in it. */
function GroupNewScreen() {
  const navigate = useNavigate();
  const { showToast } = useToast();
  return (
    <div className="app-page">
      <PageHeader
        title="New group"
        back={<Link to={GROUPS_PATH}>Back to groups</Link>}
        description="Name a service, team or environment and choose its monitors. Alert channels are attached on the group's page."
      />
      <div className="app-panel">
        <GroupForm
          onSaved={(group) => {
            showToast(`${group.name} is created.`);
            navigate(groupPath(group.id));
          }}
          onCancel={() => navigate(GROUPS_PATH)}
        />
      </div>
    </div>
  );
}
