import type { ReactElement, ReactNode } from "react";
import { Link } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE } from "../api-client.ts";
import monitorsCss from "../monitors/monitors.css?url";
import formCss from "./monitor-form.css?url";

/** The stylesheets of a page that shows the monitor form. */
export const monitorFormPageLinks = () => [stylesheet(monitorsCss), stylesheet(formCss)];

interface MonitorFormPageProps {
  /** What follows "Monitors /" in the breadcrumb. */
  crumbs: ReactNode;
  title: string;
  lead?: ReactNode;
  /** Why the form cannot be shown, when something it needs failed to load. */
  problem: string | null;
  /** The form, or null while what it needs is loading. */
  form: ReactElement | null;
}

/** Adding or editing a monitor: breadcrumb, heading, and the form once it can be shown. */
export function MonitorFormPage({ crumbs, title, lead, problem, form }: MonitorFormPageProps) {
  return (
    <div className="app-page form-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to={APP_BASE}>Monitors</Link> <span aria-hidden="true">/</span> {crumbs}
      </nav>
      <h1>{title}</h1>
      {lead}
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : form === null ? (
        <p className="loading-line" role="status">
          Loading…
        </p>
      ) : (
        form
      )}
    </div>
  );
}
