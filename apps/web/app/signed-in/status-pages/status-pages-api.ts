import { queryOptions } from "@tanstack/react-query";
import type { StatusComponent, StatusPage, StatusSection } from "@upwatch/api";
import { type AnswerOf, type BodyOf, call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";

export type { StatusComponent, StatusPage, StatusSection };

/** The page's sections and components in order, as the API lists them. */
export type ComponentList = AnswerOf<"listStatusComponents">;
/** The fields a page is changed with. */
export type PageFields = BodyOf<"updateStatusPage">;
/** The fields a component is changed with. */
export type ComponentFields = BodyOf<"updateStatusComponent">;
/** The body of the order operation: every section and every component, in order. */
export type ComponentOrder = BodyOf<"orderStatusComponents">;

/** The cache's keys: everything about one page sits under `["status-page", id]`. */
export const statusPageKeys = {
  list: ["status-pages"] as const,
  page: (id: string) => ["status-page", id] as const,
  components: (id: string) => ["status-page", id, "components"] as const,
};

export const statusPagesQuery = () =>
  queryOptions({
    queryKey: statusPageKeys.list,
    queryFn: () => call(OP.listStatusPages),
  });

export const statusPageQuery = (id: string) =>
  queryOptions({
    queryKey: statusPageKeys.page(id),
    queryFn: () => call(OP.getStatusPage, { params: { id } }),
  });

export const statusComponentsQuery = (id: string) =>
  queryOptions({
    queryKey: statusPageKeys.components(id),
    queryFn: () => call(OP.listStatusComponents, { params: { id } }),
  });

export function createStatusPage(fields: BodyOf<"createStatusPage">): Promise<StatusPage> {
  return call(OP.createStatusPage, { body: fields });
}

export function updateStatusPage(id: string, fields: PageFields): Promise<StatusPage> {
  return call(OP.updateStatusPage, { params: { id }, body: fields });
}

/** Looks the custom domain's TXT record up now; the answer holds the domain's new state. */
export function verifyStatusPageDomain(id: string): Promise<StatusPage> {
  return call(OP.verifyStatusPageDomain, { params: { id } });
}

export function deleteStatusPage(id: string): Promise<void> {
  return call(OP.deleteStatusPage, { params: { id } });
}

export function putStatusPageLogo(id: string, image: string): Promise<StatusPage> {
  return call(OP.putStatusPageLogo, { params: { id }, body: { image } });
}

export function deleteStatusPageLogo(id: string): Promise<void> {
  return call(OP.deleteStatusPageLogo, { params: { id } });
}

export function createStatusSection(id: string, name: string): Promise<StatusSection> {
  return call(OP.createStatusSection, { params: { id }, body: { name } });
}

export function renameStatusSection(
  id: string,
  sectionId: string,
  name: string,
): Promise<StatusSection> {
  return call(OP.updateStatusSection, { params: { id, sectionId }, body: { name } });
}

export function deleteStatusSection(id: string, sectionId: string): Promise<void> {
  return call(OP.deleteStatusSection, { params: { id, sectionId } });
}

export function createStatusComponent(
  id: string,
  fields: ComponentFields,
): Promise<StatusComponent> {
  // The form always names the component; a nameless one is the server's to refuse.
  const body = fields as BodyOf<"createStatusComponent">;
  return call(OP.createStatusComponent, { params: { id }, body });
}

export function updateStatusComponent(
  id: string,
  componentId: string,
  fields: ComponentFields,
): Promise<StatusComponent> {
  return call(OP.updateStatusComponent, { params: { id, componentId }, body: fields });
}

export function deleteStatusComponent(id: string, componentId: string): Promise<void> {
  return call(OP.deleteStatusComponent, { params: { id, componentId } });
}

export function orderStatusComponents(id: string, order: ComponentOrder): Promise<ComponentList> {
  return call(OP.orderStatusComponents, { params: { id }, body: order });
}
