import { useQuery } from "@tanstack/react-query";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import { linkedComponentIds } from "./alert-pages.ts";
import { monitorComponentsQuery } from "./incidents-api.ts";

/** The alert behind an incident being posted, read once. */
export function useAlert(alertId: string) {
  return useQuery({
    queryKey: ["alert", alertId],
    queryFn: () => call(OP.getAlert, { params: { id: alertId } }),
    enabled: alertId !== "",
  });
}

/**
 * For an incident posted from an alert: the page's components linked to the alert's monitor,
 * and a sentence saying where the choice came from.
 */
export function useAlertComponents(alertId: string, pageId: string) {
  const alert = useAlert(alertId);
  const monitorId = alert.data?.monitor_id ?? "";
  const links = useQuery({ ...monitorComponentsQuery(monitorId), enabled: monitorId !== "" });
  if (!alertId) return { pending: false, componentIds: [] as string[], note: undefined };
  if (alert.isError || links.isError) {
    return {
      pending: false,
      componentIds: [] as string[],
      note: "The alert's components could not be read; choose the affected components below.",
    };
  }
  if (alert.isPending || links.isPending) {
    return { pending: true, componentIds: [] as string[], note: undefined };
  }
  const componentIds = linkedComponentIds(pageId, links.data.data);
  return {
    pending: false,
    componentIds,
    note:
      componentIds.length > 0
        ? "From the alert: the components linked to its monitor are ticked below."
        : "No component of this page is linked to the alert's monitor; choose the affected components below.",
  };
}
