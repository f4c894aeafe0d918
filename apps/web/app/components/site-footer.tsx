import { PRODUCT_NAME } from "@upwatch/core";
import { Link } from "react-router";
import { useCurrentYear } from "../lib/use-current-year.ts";
import { Logo } from "./logo.tsx";

const FOOTER_SECTIONS = [
  {
    label: "Product",
    links: [
      { to: "/#features", text: "Features" },
      { to: "/#pricing", text: "Pricing" },
      { to: "/knowledge-base", text: "Help centre" },
      { to: "/contact", text: "Contact" },
    ],
  },
  {
    label: "Legal",
    links: [
      { to: "/privacy", text: "Privacy" },
      { to: "/terms", text: "Terms" },
      { to: "/account-deletion", text: "Account Deletion" },
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
          <nav key={section.label} aria-label={section.label} className="footer-nav">
            <h2 className="footer-heading">{section.label}</h2>
            <ul>
              {section.links.map((link) => (
                <li key={link.to}>
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
