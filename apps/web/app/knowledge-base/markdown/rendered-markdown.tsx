import type { MouseEvent } from "react";
import { type NavigateFunction, useNavigate } from "react-router";

/**
 * A help-centre body rendered to HTML at build time (`markdownToHtml`). Links to other pages of
 * the site navigate inside the app, as the renderer's own links would.
 */
export function RenderedMarkdown({ html }: { html: string }) {
  const navigate = useNavigate();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegation; the links inside take the keyboard.
    // biome-ignore lint/a11y/noStaticElementInteractions: delegation for the links inside.
    <div
      className="kb-prose"
      onClick={(event) => followInternalLink(event, navigate)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own markdown, rendered and sanitised at build time.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function followInternalLink(event: MouseEvent<HTMLElement>, navigate: NavigateFunction): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element).closest("a");
  if (!anchor || anchor.target || anchor.hasAttribute("download")) return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(`${url.pathname}${url.search}${url.hash}`);
}
