import { PhoneIcon } from "../components/icons.tsx";
import { TrackedLink } from "../components/tracked-link.tsx";
import { getSiteConfig } from "../lib/site-config.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { STORE_LINKS_TEMPLATE_ID, type StoreLink, storeLinks } from "./store-links.ts";

/**
 * The store buttons this deployment configured, or the coming-soon note. The prerendered HTML
 * is the same whatever the configuration: it carries every button in a template, with the
 * addresses the server fills in, and the page's script keeps those that have one.
 */
function StoreButtons() {
  const hydrated = useHydrated();
  const all = storeLinks(getSiteConfig());
  if (!hydrated) {
    return (
      <template id={STORE_LINKS_TEMPLATE_ID}>
        <StoreLinkList links={all} />
        <ComingSoon />
      </template>
    );
  }
  const configured = all.filter((link) => link.href);
  return configured.length > 0 ? <StoreLinkList links={configured} /> : <ComingSoon />;
}

function StoreLinkList({ links }: { links: StoreLink[] }) {
  return links.map((link) => (
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
  ));
}

function ComingSoon() {
  return (
    <p className="store-soon">
      Coming soon to the App Store and Google Play. Until then the dashboard works in any phone
      browser, and alerts reach you by SMS, email and Slack.
    </p>
  );
}

/** The mobile apps section: what the apps do and where to get them. */
export function MobileApps() {
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
            <StoreButtons />
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
