import { Link } from "react-router";

/** The box at the end of a page pointing readers who are still stuck to the contact form. */
export function NeedHelp() {
  return (
    <aside className="kb-need-help hosted-only" aria-labelledby="need-help">
      <h2 id="need-help">Need help?</h2>
      <p>Can't find what you're looking for? Our support team replies within 24 hours.</p>
      <Link to="/contact" className="button button-primary">
        Contact Support
      </Link>
    </aside>
  );
}
