import { queryOptions } from "@tanstack/react-query";
import type { StatusComponent, StatusPage, StatusSection } from "@upwatch/api";
import { apiRequest } from "../api-client.ts";

export type { StatusComponent, StatusPage, StatusSection };

/** The page's sections and components in order, as the API lists them. */
export interface ComponentList {
  sections: StatusSection[];
  data: StatusComponent[];
}

/** The cache's keys: everything about one page sits under `["status-page", id]`. */
export const statusPageKeys = {
  list: ["status-pages"] as const,
  page: (id: string) => ["status-page", id] as const,
  components: (id: string) => ["status-page", id, "components"] as const,
};

/** The path of a page (and of what is under it) in the API. */
export const pagePath = (id: string, rest = "") => `/status-pages/${encodeURIComponent(id)}${rest}`;

export const statusPagesQuery = () =>
  queryOptions({
    queryKey: statusPageKeys.list,
    queryFn: () => apiRequest<{ data: StatusPage[] }>("GET", "/status-pages"),
  });

export const statusPageQuery = (id: string) =>
  queryOptions({
    queryKey: statusPageKeys.page(id),
    queryFn: () => apiRequest<StatusPage>("GET", pagePath(id)),
  });

export const statusComponentsQuery = (id: string) =>
  queryOptions({
    queryKey: statusPageKeys.components(id),
    queryFn: () => apiRequest<ComponentList>("GET", pagePath(id, "/components")),
  });

/** The fields a page is created or changed with. */
export interface PageFields {
  name?: string;
  slug?: string;
  headline?: string;
  accent_color?: string | null;
  website_url?: string | null;
  support_url?: string | null;
  white_label?: boolean;
  custom_domain?: string | null;
}

export function createStatusPage(fields: PageFields): Promise<StatusPage> {
  return apiRequest<StatusPage>("POST", "/status-pages", fields);
}

export function updateStatusPage(id: string, fields: PageFields): Promise<StatusPage> {
  return apiRequest<StatusPage>("PATCH", pagePath(id), fields);
}

/** Looks the custom domain's TXT record up now; the answer holds the domain's new state. */
export function verifyStatusPageDomain(id: string): Promise<StatusPage> {
  return apiRequest<StatusPage>("POST", pagePath(id, "/custom-domain/verify"));
}

export function deleteStatusPage(id: string): Promise<void> {
  return apiRequest<void>("DELETE", pagePath(id));
}

export function putStatusPageLogo(id: string, image: string): Promise<StatusPage> {
  return apiRequest<StatusPage>("PUT", pagePath(id, "/logo"), { image });
}

export function deleteStatusPageLogo(id: string): Promise<void> {
  return apiRequest<void>("DELETE", pagePath(id, "/logo"));
}

export function createStatusSection(id: string, name: string): Promise<StatusSection> {
  return apiRequest<StatusSection>("POST", pagePath(id, "/sections"), { name });
}

export function renameStatusSection(
  id: string,
  sectionId: string,
  name: string,
): Promise<StatusSection> {
  return apiRequest<StatusSection>(
    "PATCH",
    pagePath(id, `/sections/${encodeURIComponent(sectionId)}`),
    {
      name,
    },
  );
}

export function deleteStatusSection(id: string, sectionId: string): Promise<void> {
  return apiRequest<void>("DELETE", pagePath(id, `/sections/${encodeURIComponent(sectionId)}`));
}

/** The fields a component is created or changed with. */
export interface ComponentFields {
  name?: string;
  description?: string;
  section_id?: string | null;
  state?: StatusComponent["state"];
  follow_monitors?: boolean;
  monitor_ids?: string[];
}

export function createStatusComponent(
  id: string,
  fields: ComponentFields,
): Promise<StatusComponent> {
  return apiRequest<StatusComponent>("POST", pagePath(id, "/components"), fields);
}

export function updateStatusComponent(
  id: string,
  componentId: string,
  fields: ComponentFields,
): Promise<StatusComponent> {
  const path = pagePath(id, `/components/${encodeURIComponent(componentId)}`);
  return apiRequest<StatusComponent>("PATCH", path, fields);
}

export function deleteStatusComponent(id: string, componentId: string): Promise<void> {
  return apiRequest<void>("DELETE", pagePath(id, `/components/${encodeURIComponent(componentId)}`));
}

/** The body of the order operation: every section and every component, in order. */
export interface ComponentOrder {
  section_ids: string[];
  components: { id: string; section_id: string | null }[];
}

export function orderStatusComponents(id: string, order: ComponentOrder): Promise<ComponentList> {
  return apiRequest<ComponentList>("PUT", pagePath(id, "/order"), order);
}
