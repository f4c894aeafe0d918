import type { SignUpPlacement } from "../analytics/events.ts";
import { reportFirstView } from "../analytics/first-view.ts";
import { SIGN_UP_ATTRIBUTE, TRACK_ATTRIBUTE, trackLinkClick } from "../analytics/link-click.ts";
import { schedulePageView } from "../analytics/page-view.ts";

/**
 * The page's analytics, as the app reports them: the page view, clicks on tracked links (sign-up
 * calls to action count as registrations) and, once, the view of `viewed` when it is given.
 */
export function startAnalytics(viewed?: { element: Element; content: string }): void {
  schedulePageView(`${location.pathname}${location.search}`);
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>(`a[${TRACK_ATTRIBUTE}]`);
    if (!link) return;
    trackLinkClick({
      label: link.getAttribute(TRACK_ATTRIBUTE) ?? "",
      href: link.getAttribute("href") ?? "",
      signUpPlacement: (link.getAttribute(SIGN_UP_ATTRIBUTE) ?? undefined) as
        | SignUpPlacement
        | undefined,
    });
  });
  if (viewed) reportFirstView(viewed.element, viewed.content);
}
