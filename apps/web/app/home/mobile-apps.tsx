import { PhoneIcon } from "../components/icons.tsx";
import { TrackedLink } from "../components/tracked-link.tsx";
import { getSiteConfig } from "../lib/site-config.ts";
import { useHydrated } from "../lib/use-hydrated.ts";

/** The store links this deployment configured; read after hydration so the HTML never differs. */
function useStoreLinks() {
  const hydrated = useHydrated();
  if (!hydrated) return undefined;
  const { iosAppUrl, androidAppUrl } = getSiteConfig();
  return [
    { href: iosAppUrl, store: "App Store", action: "Download on the", track: "app-store" },
    { href: androidAppUrl, store: "Google Play", action: "Get it on", track: "google-play" },
  ].filter((link) => link.href);
}

/** The mobile apps section: what the apps do and where to get them. */
export function MobileApps() {
  const links = useStoreLinks();
  return (
    <section className="section section-alt" aria-labelledby="apps-title">
      <div className="container apps-grid">
        <div>
          <p className="eyebrow">iOS and Android</p>
          <h2 id="apps-title">Your monitors, in your pocket</h2>
          <p className="section-text">
            Acknowledge an alert from the train and check response times from the sofa. The Upwatch
            apps show every monitor and agent, push a notification the second a check fails, and let
            you acknowledge or resolve an alert with one tap.
          </p>
          <div className="store-links">
            {links?.map((link) => (
              <TrackedLink
                key={link.store}
                href={link.href}
                className="store-link"
                trackAs={link.track}
                rel="noopener"
              >
                <PhoneIcon width="22" height="22" />
                <span>
                  <span className="store-action">{link.action}</span>
                  <span className="store-name">{link.store}</span>
                </span>
              </TrackedLink>
            ))}
            {links?.length === 0 ? (
              <p className="store-soon">
                Coming soon to the App Store and Google Play. Until then the dashboard works in any
                phone browser, and alerts reach you by SMS, email and Slack.
              </p>
            ) : null}
          </div>
        </div>
        <PhoneNotification />
      </div>
    </section>
  );
}

function PhoneNotification() {
  return (
    <div className="phone" aria-hidden="true">
      <div className="phone-screen">
        <p className="phone-time">9:41</p>
        <div className="phone-card">
          <p className="phone-card-app">Upwatch · now</p>
          <p className="phone-card-title">checkout.example.com is down</p>
          <p>3 failed checks from eu-west-1. HTTP 503 in 2.1 s.</p>
          <p className="phone-card-actions">
            <span>Acknowledge</span>
            <span>Open</span>
          </p>
        </div>
        <div className="phone-card phone-card-ok">
          <p className="phone-card-app">Upwatch · 14 min later</p>
          <p className="phone-card-title">checkout.example.com is back up</p>
          <p>Down for 13 min 40 s. Incident closed.</p>
        </div>
      </div>
    </div>
  );
}
