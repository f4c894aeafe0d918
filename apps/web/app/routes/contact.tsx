import { Link } from "react-router";
import { ContactForm } from "../components/contact-form.tsx";
import { BookIcon, MailIcon } from "../components/icons.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import { getSiteConfig } from "../lib/site-config.ts";
import { stylesheet } from "../lib/stylesheet.ts";
import formsCss from "../styles/forms.css?url";

export const links = () => [stylesheet(formsCss)];

export function meta() {
  return pageMeta({
    title: "Contact us",
    description:
      "Questions about monitoring, billing or a bug you found? Send the Upwatch team a message and a person will reply within 24 hours.",
    path: "/contact",
    keywords: ["contact Upwatch", "uptime monitoring support", "monitoring sales"],
  });
}

export default function Contact() {
  const { supportEmail } = getSiteConfig();
  return (
    <main id="main" className="container page contact-page">
      <div className="contact-intro">
        <p className="eyebrow">Contact</p>
        <h1>Talk to the people who build Upwatch</h1>
        <p className="lead">
          Questions about a check, a bill, a feature you miss or a bug you found: send us a message
          and a person (not a bot) replies within 24 hours.
        </p>
        <ul className="contact-aside">
          <li>
            <MailIcon />
            <span>
              Prefer email? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
            </span>
          </li>
          <li>
            <BookIcon />
            <span>
              Many answers are already in the <Link to="/knowledge-base">help centre</Link>: agents,
              alerts, check types and billing.
            </span>
          </li>
        </ul>
      </div>
      <section className="card contact-card" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">Send us a message</h2>
        <ContactForm />
      </section>
    </main>
  );
}
