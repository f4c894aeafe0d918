import { Link, NavLink } from "react-router";
import { loginUrl, registerUrl } from "../lib/app-links.ts";
import { CloseIcon, MenuIcon } from "./icons.tsx";
import { Logo } from "./logo.tsx";
import { menuButtonLabel } from "./menu-dismissal.ts";
import { SIGN_UP_LINK_CLASS } from "./registration-notices.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { TrackedLink } from "./tracked-link.tsx";
import { useMenu } from "./use-menu.ts";

const ANCHOR_LINKS = [
  { to: "/#features", label: "Features" },
  { to: "/#pricing", label: "Pricing" },
] as const;

const PAGE_LINKS = [
  { to: "/knowledge-base", label: "Support", hostedOnly: false },
  { to: "/contact", label: "Contact", hostedOnly: true },
] as const;

/**
 * The site's header: brand, main navigation, theme toggle, Login and Get Started (only while the
 * server takes sign-ups).
 */
export function SiteHeader() {
  const menu = useMenu();
  return (
    <header className="site-header">
      <div className="container header-bar" ref={menu.containerRef}>
        <Link to="/" className="brand" aria-label="Upwatch home">
          <Logo />
        </Link>
        <div id="site-menu" className="site-menu" data-open={menu.open}>
          <nav aria-label="Main">
            <ul className="nav-list">
              {ANCHOR_LINKS.map((link) => (
                <li key={link.to} className="hosted-only">
                  <Link to={link.to} className="nav-link" onClick={menu.close}>
                    {link.label}
                  </Link>
                </li>
              ))}
              {PAGE_LINKS.map((link) => (
                <li key={link.to} className={link.hostedOnly ? "hosted-only" : undefined}>
                  <NavLink to={link.to} className="nav-link" onClick={menu.close}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="header-actions">
            <TrackedLink
              href={loginUrl()}
              className="button button-ghost"
              trackAs="header-login"
              onClick={menu.close}
            >
              Login
            </TrackedLink>
            <TrackedLink
              href={registerUrl()}
              className={`button button-primary ${SIGN_UP_LINK_CLASS} hosted-only`}
              trackAs="header-get-started"
              onClick={menu.close}
            >
              Get Started
            </TrackedLink>
          </div>
        </div>
        <ThemeToggle />
        <button
          type="button"
          ref={menu.buttonRef}
          className="icon-button menu-button"
          aria-expanded={menu.open}
          aria-controls="site-menu"
          aria-label={menuButtonLabel(menu.open)}
          onClick={menu.toggle}
        >
          <MenuIcon className="menu-icon-open" />
          <CloseIcon className="menu-icon-close" />
        </button>
      </div>
    </header>
  );
}
