import { Outlet } from "react-router";
import { PromoBanner } from "../components/promo-banner.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { SiteFooter } from "../components/site-footer.tsx";
import { SiteHeader } from "../components/site-header.tsx";

/** The frame of every public page: promo banner, header, the page, footer. */
export default function PublicLayout() {
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <PromoBanner />
      <SiteHeader />
      <div id="content" className="page-content">
        <RouteNotice />
        <Outlet />
      </div>
      <SiteFooter />
    </>
  );
}
