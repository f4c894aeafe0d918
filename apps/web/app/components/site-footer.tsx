import { PRODUCT_NAME } from "@upwatch/core";
import { Link } from "react-router";
import { useCurrentYear } from "../lib/use-current-year.ts";
import { Logo } from "./logo.tsx";

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
        <nav aria-label="Product" className="footer-nav">
          <h2 className="footer-heading">Product</h2>
          <ul>
            <li>
              <Link to="/#features">Features</Link>
            </li>
            <li>
              <Link to="/#pricing">Pricing</Link>
            </li>
            <li>
              <Link to="/knowledge-base">Help centre</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal" className="footer-nav">
          <h2 className="footer-heading">Legal</h2>
          <ul>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
            <li>
              <Link to="/terms">Terms</Link>
            </li>
            <li>
              <Link to="/account-deletion">Account Deletion</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>
          © <span className="copyright-year">{year}</span> {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
