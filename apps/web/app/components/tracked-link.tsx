import type { AnchorHTMLAttributes, MouseEvent } from "react";
import type { SignUpPlacement } from "../analytics/events.ts";
import { track } from "../analytics/track.ts";

interface TrackedLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  /** The name of the click in analytics, such as "header-get-started". */
  trackAs: string;
  /** Set on the sign-up calls to action that count as a registration conversion. */
  signUpPlacement?: SignUpPlacement;
}

/** A plain link (for addresses outside this web app) that reports its click to analytics. */
export function TrackedLink({
  href,
  trackAs,
  signUpPlacement,
  onClick,
  ...props
}: TrackedLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    track({ name: "click", label: trackAs, href });
    if (signUpPlacement) track({ name: "registration_complete", placement: signUpPlacement });
    onClick?.(event);
  };
  return <a href={href} {...props} onClick={handleClick} />;
}
