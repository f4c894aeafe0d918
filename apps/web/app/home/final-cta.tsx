import { Link } from "react-router";
import { ArrowRightIcon } from "../components/icons.tsx";
import { RegistrationNotices, SIGN_UP_LINK_CLASS } from "../components/registration-notices.tsx";
import { TrackedLink } from "../components/tracked-link.tsx";
import { registerUrl } from "../lib/app-links.ts";

/** The closing call to action of the home page. */
export function FinalCta() {
  return (
    <section className="section final-cta" aria-labelledby="final-cta-title">
      <div className="container final-cta-box">
        <h2 id="final-cta-title">Your first monitor is two minutes away</h2>
        <p className="section-text">
          Paste a URL, choose how often to check and where alerts should go. Upwatch does the
          watching, and the Free plan keeps ten monitors running for as long as you like.
        </p>
        <div className="hero-actions">
          <TrackedLink
            href={registerUrl()}
            className={`button button-primary button-large ${SIGN_UP_LINK_CLASS}`}
            trackAs="final-cta-sign-up"
            signUpPlacement="final_cta"
          >
            Get started free
            <ArrowRightIcon width="18" height="18" />
          </TrackedLink>
          <RegistrationNotices />
          <Link to="/contact" className="button button-ghost button-large">
            Talk to us
          </Link>
        </div>
      </div>
    </section>
  );
}
