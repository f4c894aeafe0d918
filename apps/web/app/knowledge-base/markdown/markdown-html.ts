import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { MarkdownBody } from "./markdown.tsx";

/**
 * Help-centre markdown rendered to HTML while the site is built, so a page's body arrives as
 * HTML and the browser never downloads or runs the markdown renderer.
 */
export function markdownToHtml(markdown: string): string {
  return renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(MarkdownBody, null, markdown)),
  );
}
