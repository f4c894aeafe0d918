import type { ComponentProps, ReactNode } from "react";
import type { ExtraProps } from "react-markdown";
import { headingId } from "../content/headings.ts";

type HeadingProps = ComponentProps<"h2"> & ExtraProps;

/** Section headings get an anchor id, so the table of contents and shared links can point at them. */
export function Heading2({ children, node: _node }: HeadingProps) {
  return <h2 id={headingId(textOf(children))}>{children}</h2>;
}

export function Heading3({ children, node: _node }: HeadingProps) {
  return <h3 id={headingId(textOf(children))}>{children}</h3>;
}

function textOf(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (node && typeof node === "object" && "props" in node) {
    return textOf((node.props as { children?: ReactNode }).children);
  }
  return "";
}
