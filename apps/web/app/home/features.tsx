import {
  BellIcon,
  BranchIcon,
  FlowIcon,
  GlobeIcon,
  PulseIcon,
  ServerIcon,
} from "../components/icons.tsx";
import { type Feature, FeatureCard } from "./feature-card.tsx";

const FEATURES: readonly Feature[] = [
  {
    title: "Website and API uptime",
    body: "HTTP/HTTPS, ping and keyword checks confirm that a page answers with the status code and the words you expect, not merely that the port is open.",
    icon: GlobeIcon,
    article: { slug: "http-https-monitoring", label: "How HTTP checks work" },
  },
  {
    title: "SSL, DNS and multi-step API checks",
    body: "Hear about a certificate 30, 14 and 7 days before it expires. Script a whole API flow: log in, extract a token, call the next endpoint, assert on the JSON.",
    icon: FlowIcon,
    proFrom: "Hobby",
    article: { slug: "advanced-multi-step-checks", label: "Build a multi-step check" },
  },
  {
    title: "Agents inside your servers",
    body: "A light agent for Linux, Windows and macOS reports CPU, memory, disk, network load and services every 60 seconds. Alert rules you add from templates (CPU, memory, disk, load, services) notify you, and so does an agent that stops reporting.",
    icon: ServerIcon,
    proFrom: "Business",
    article: { slug: "monitoring-agents", label: "Read the agents guide" },
  },
  {
    title: "Alerts that escalate, not spam",
    body: "Three failures in a row open an alert. Reminders go every 10 minutes, then hourly, then every 3 hours, and stop as soon as someone acknowledges.",
    icon: BellIcon,
    article: { slug: "escalating-hysteresis", label: "See how escalation works" },
  },
  {
    title: "Dependencies that stop alert storms",
    body: "Tell Upwatch that your app sits behind the database. While the database is down you get one alert about it, not fifty about everything behind it.",
    icon: BranchIcon,
    article: { slug: "alert-dependency-builder", label: "Map your dependencies" },
  },
  {
    title: "Status pages and incidents",
    body: "Publish a branded status page, post updates from Investigating to Resolved, and let customers subscribe instead of filling your inbox.",
    icon: PulseIcon,
    proFrom: "Hobby",
    article: { slug: "status-page-incidents", label: "Run an incident" },
  },
];

/** The six feature cards of the home page. */
export function Features() {
  return (
    <section id="features" className="section" aria-labelledby="features-title">
      <div className="container">
        <div className="section-heading">
          <p className="eyebrow">Features</p>
          <h2 id="features-title">Everything you need to sleep through the night</h2>
          <p>
            From a single landing page to a fleet of servers: outside checks, inside agents and
            alerts that reach the right person once, not fifty times.
          </p>
        </div>
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <FeatureCard feature={feature} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
