import { PRODUCT_NAME } from "@upwatch/core";
import { Link, Outlet } from "react-router";

/** The frame of every public page: header, the page, footer. */
export default function PublicLayout() {
  return (
    <>
      <header className="site-header">
        <Link to="/" className="brand">
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Main">
          <Link to="/knowledge-base">Support</Link>
        </nav>
      </header>
      <Outlet />
      <footer className="site-footer">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </footer>
    </>
  );
}
