import { REGISTRATION_NOTICES } from "@upwatch/core";

/** The class of every link that offers sign-up; hidden on a server that does not take sign-ups. */
export const SIGN_UP_LINK_CLASS = "sign-up-link";

/**
 * What a call to action says instead of offering sign-up. Prerendered pages carry every notice
 * and the sign-up link; the stylesheet shows the one for the `data-registration` the server
 * wrote on the page, so the page is right without scripts too.
 */
export function RegistrationNotices() {
  return (
    <>
      <span className="registration-notice" data-for="invite-only">
        {REGISTRATION_NOTICES["invite-only"]}
      </span>
      <span className="registration-notice" data-for="closed">
        {REGISTRATION_NOTICES.closed}
      </span>
    </>
  );
}
