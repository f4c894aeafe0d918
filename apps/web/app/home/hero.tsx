import { Link } from "react-router";
import { ArrowRightIcon, CheckIcon } from "../components/icons.tsx";
import { RegistrationNotices, SIGN_UP_LINK_CLASS } from "../components/registration-notices.tsx";
import { TrackedLink } from "../components/tracked-link.tsx";
import { registerUrl } from "../lib/app-links.ts";
import { StatusPreview } from "./status-preview.tsx";

const PROMISES = ["10 monitors free, forever", "No credit card", "Set up in under 2 minutes"];

/** The top of the home page: what Upwatch does, and the sign-up call to action. */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div className="hero-copy">
          <p className="eyebrow">Uptime, API and server monitoring</p>
          <h1 id="hero-title">Know your site is down before your customers do</h1>
          <p className="hero-lead">
            Upwatch checks your websites, APIs and servers around the clock from four regions, and
            alerts you by email, SMS, Slack or webhook the moment something breaks. Then it keeps
            quiet until it matters again.
          </p>
          <div className="hero-actions">
            <TrackedLink
              href={registerUrl()}
              className={`button button-primary button-large ${SIGN_UP_LINK_CLASS}`}
              trackAs="hero-sign-up"
              signUpPlacement="hero"
            >
              Start monitoring free
              <ArrowRightIcon width="18" height="18" />
            </TrackedLink>
            <RegistrationNotices />
            <Link to="/#pricing" className="button button-ghost button-large">
              See pricing
            </Link>
          </div>
          <ul className="hero-promises">
            {PROMISES.map((promise) => (
              <li key={promise}>
                <CheckIcon width="16" height="16" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <StatusPreview />
      </div>
    </section>
  );
}
