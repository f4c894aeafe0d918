import type { LinkDescriptor } from "react-router";

/**
 * A route's style sheet for its `links` export. With a precedence React places it in the head
 * ahead of the script preloads, so on a slow connection the CSS that blocks the first paint is
 * fetched first and the scripts, which do not block it, queue behind.
 */
export function stylesheet(href: string): LinkDescriptor {
  return { rel: "stylesheet", href, precedence: "default" } as LinkDescriptor;
}
