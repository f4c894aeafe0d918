import type { Permission } from "@upwatch/core";
import type { ReactNode } from "react";
import { useCan } from "./session.tsx";
import { PageHeader } from "./ui/page-header.tsx";

/**
 * Shows a screen that changes something only to roles allowed it; others, who reached it by its
 * address, read why there is nothing to do here instead of a form the server would refuse.
 */
export function RequirePermission({
  permission,
  title,
  refusal,
  children,
}: {
  permission: Permission;
  /** The page's heading, for screens that have their own. */
  title?: string | undefined;
  refusal: string;
  children: ReactNode;
}) {
  if (useCan()(permission)) return children;
  return (
    <>
      {title ? <PageHeader title={title} /> : null}
      <p className="app-muted">{refusal}</p>
    </>
  );
}
