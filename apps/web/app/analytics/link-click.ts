import type { SignUpPlacement } from "./events.ts";
import { track } from "./track.ts";

/** A tracked link's name in analytics and, for a sign-up call to action, where it sits. */
export interface TrackedClick {
  label: string;
  href: string;
  signUpPlacement?: SignUpPlacement;
}

/** Reports a click on a tracked link; a sign-up call to action also counts as a registration. */
export function trackLinkClick({ label, href, signUpPlacement }: TrackedClick): void {
  track({ name: "click", label, href });
  if (signUpPlacement) track({ name: "registration_complete", placement: signUpPlacement });
}

/** Attributes a tracked link carries, so a page that does not hydrate can report its clicks. */
export const TRACK_ATTRIBUTE = "data-track";
export const SIGN_UP_ATTRIBUTE = "data-sign-up";
