import { Link } from "react-router";
import { ArrowRightIcon } from "./icons.tsx";

/** The strip above the header that points every visitor at the free plan. */
export function PromoBanner() {
  return (
    <aside className="promo-banner hosted-only" aria-label="Offer">
      <Link to="/#pricing" className="promo-link">
        Free Forever - 10 Monitors
        <ArrowRightIcon width="16" height="16" />
      </Link>
    </aside>
  );
}
