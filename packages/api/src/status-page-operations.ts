import type { ApiOperation } from "./api-operation.ts";
import { idParams } from "./api-operation.ts";
import { STATUS_PAGE_NEWS_OPERATIONS } from "./status-page-news-operations.ts";
import {
  monitorStatusComponentsResponse,
  statusComponentListResponse,
  statusComponentResponse,
  statusPageListResponse,
  statusPageResponse,
  statusSectionResponse,
} from "./status-page-responses.ts";
import { statusPageRequestSchemas as input } from "./status-page-schemas.ts";

const PAGES = "/status-pages";
const PAGE = "/status-pages/:id";
const tag = "Status pages" as const;

/** Status pages, their logos, sections and components. */
const PAGE_SETUP_OPERATIONS = {
  listStatusPages: {
    method: "GET",
    url: PAGES,
    summary: "The account's status pages",
    tag,
    status: 200,
    response: statusPageListResponse,
  },
  createStatusPage: {
    method: "POST",
    url: PAGES,
    summary:
      "Create a status page (Hobby and above; white-label and custom domains on Enterprise+)",
    tag,
    body: input.createPage,
    status: 201,
    response: statusPageResponse,
    conflict: "Another page has that slug or custom domain",
  },
  getStatusPage: {
    method: "GET",
    url: PAGE,
    summary: "One status page",
    tag,
    params: input.pageParams,
    status: 200,
    response: statusPageResponse,
  },
  updateStatusPage: {
    method: "PATCH",
    url: PAGE,
    summary: "Change a status page's settings; fields left out keep their values",
    tag,
    params: input.pageParams,
    body: input.updatePage,
    status: 200,
    response: statusPageResponse,
    conflict: "Another page has that slug or custom domain",
  },
  deleteStatusPage: {
    method: "DELETE",
    url: PAGE,
    summary: "Delete a status page with its components, incidents and subscribers",
    tag,
    params: input.pageParams,
    status: 204,
  },
  putStatusPageLogo: {
    method: "PUT",
    url: `${PAGE}/logo`,
    summary: "Set the page's logo: a PNG, JPEG or WebP image of at most 256 KiB, in base64",
    tag,
    params: input.pageParams,
    body: input.logo,
    status: 200,
    response: statusPageResponse,
  },
  deleteStatusPageLogo: {
    method: "DELETE",
    url: `${PAGE}/logo`,
    summary: "Remove the page's logo",
    tag,
    params: input.pageParams,
    status: 204,
  },
  listStatusComponents: {
    method: "GET",
    url: `${PAGE}/components`,
    summary: "The page's sections and components in order, with linked monitors and suggestions",
    tag,
    params: input.pageParams,
    status: 200,
    response: statusComponentListResponse,
  },
  createStatusSection: {
    method: "POST",
    url: `${PAGE}/sections`,
    summary: "Add a section to group components under a heading",
    tag,
    params: input.pageParams,
    body: input.createSection,
    status: 201,
    response: statusSectionResponse,
  },
  updateStatusSection: {
    method: "PATCH",
    url: `${PAGE}/sections/:sectionId`,
    summary: "Rename or move a section",
    tag,
    params: input.sectionParams,
    body: input.updateSection,
    status: 200,
    response: statusSectionResponse,
  },
  deleteStatusSection: {
    method: "DELETE",
    url: `${PAGE}/sections/:sectionId`,
    summary: "Remove a section; its components stay, outside any section",
    tag,
    params: input.sectionParams,
    status: 204,
  },
  createStatusComponent: {
    method: "POST",
    url: `${PAGE}/components`,
    summary: "Add a component, optionally in a section and linked to monitors",
    tag,
    params: input.pageParams,
    body: input.createComponent,
    status: 201,
    response: statusComponentResponse,
  },
  updateStatusComponent: {
    method: "PATCH",
    url: `${PAGE}/components/:componentId`,
    summary: "Change a component: its name, section, state, linked monitors or following them",
    tag,
    params: input.componentParams,
    body: input.updateComponent,
    status: 200,
    response: statusComponentResponse,
  },
  deleteStatusComponent: {
    method: "DELETE",
    url: `${PAGE}/components/:componentId`,
    summary: "Remove a component from the page",
    tag,
    params: input.componentParams,
    status: 204,
  },
  orderStatusComponents: {
    method: "PUT",
    url: `${PAGE}/order`,
    summary: "Set the order of every section and component (and which section each is in)",
    tag,
    params: input.pageParams,
    body: input.order,
    status: 200,
    response: statusComponentListResponse,
  },
  listMonitorStatusComponents: {
    method: "GET",
    url: "/monitors/:id/status-components",
    summary:
      "The status page components a monitor is linked to (to post an incident from an alert)",
    tag,
    params: idParams,
    status: 200,
    response: monitorStatusComponentsResponse,
  },
} as const satisfies Record<string, ApiOperation>;

/** Public status pages: their components, incidents, maintenance windows and subscribers. */
export const STATUS_PAGE_OPERATIONS = {
  ...PAGE_SETUP_OPERATIONS,
  ...STATUS_PAGE_NEWS_OPERATIONS,
} as const satisfies Record<string, ApiOperation>;
