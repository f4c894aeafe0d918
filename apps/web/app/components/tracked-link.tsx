import type { AnchorHTMLAttributes, MouseEvent } from "react";
import type { SignUpPlacement } from "../analytics/events.ts";
import { SIGN_UP_ATTRIBUTE, TRACK_ATTRIBUTE, trackLinkClick } from "../analytics/link-click.ts";

interface TrackedLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  /** The name of the click in analytics, such as "header-get-started". */
  trackAs: string;
  /** Set on the sign-up calls to action that count as a registration conversion. */
  signUpPlacement?: SignUpPlacement;
}

/**
 * A plain link (for addresses outside this web app) that reports its click to analytics. The
 * attributes name the click for the script of a page that does not hydrate.
 */
export function TrackedLink({
  href,
  trackAs,
  signUpPlacement,
  onClick,
  ...props
}: TrackedLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    trackLinkClick({ label: trackAs, href, signUpPlacement });
    onClick?.(event);
  };
  const names = { [TRACK_ATTRIBUTE]: trackAs, [SIGN_UP_ATTRIBUTE]: signUpPlacement };
  return <a href={href} {...names} {...props} onClick={handleClick} />;
}
