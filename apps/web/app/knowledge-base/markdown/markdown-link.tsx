import type { ComponentProps } from "react";
import type { ExtraProps } from "react-markdown";
import { Link } from "react-router";
import { resolveContentHref } from "../content/content-href.ts";

/** A link in an article: help-centre and site links navigate in the app, others open a new tab. */
export function MarkdownLink({
  href = "",
  children,
  node: _node,
  ...rest
}: ComponentProps<"a"> & ExtraProps) {
  const target = resolveContentHref(href);
  if (target.kind === "internal") {
    return (
      <Link to={target.to} prefetch="intent" title={rest.title}>
        {children}
      </Link>
    );
  }
  if (target.kind === "external") {
    return (
      <a href={target.href} title={rest.title} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <a href={target.href} title={rest.title}>
      {children}
    </a>
  );
}
