import { PRODUCT_NAME } from "@upwatch/core";
import { Link } from "react-router";
import { useCurrentYear } from "../lib/use-current-year.ts";
import { Logo } from "./logo.tsx";

const FOOTER_SECTIONS = [
  {
    label: "Product",
    links: [
      { to: "/#features", text: "Features", hostedOnly: true },
      { to: "/#pricing", text: "Pricing", hostedOnly: true },
      { to: "/knowledge-base", text: "Help centre", hostedOnly: false },
      { to: "/contact", text: "Contact", hostedOnly: true },
    ],
  },
  {
    label: "Legal",
    hostedOnly: true,
    links: [
      { to: "/privacy", text: "Privacy", hostedOnly: true },
      { to: "/terms", text: "Terms", hostedOnly: true },
      { to: "/account-deletion", text: "Account Deletion", hostedOnly: true },
    ],
  },
];

/** The site's footer: product links, legal links and the copyright line. */
export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo />
          <p>
            Uptime, API and server monitoring with alerts that reach the right person, and only when
            it matters.
          </p>
        </div>
        {FOOTER_SECTIONS.map((section) => (
          <nav
            key={section.label}
            aria-label={section.label}
            className={section.hostedOnly ? "footer-nav hosted-only" : "footer-nav"}
          >
            <h2 className="footer-heading">{section.label}</h2>
            <ul>
              {section.links.map((link) => (
                <li key={link.to} className={link.hostedOnly ? "hosted-only" : undefined}>
                  <Link to={link.to}>{link.text}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container footer-bottom">
        <p>
          © <span className="copyright-year">{year}</span> {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
