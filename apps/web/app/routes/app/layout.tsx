import { getPlan } from "@upwatch/core";
import { useState } from "react";
import { Link, Navigate, NavLink, Outlet, useLocation, useMatches } from "react-router";
import { CloseIcon, MenuIcon } from "../../components/icons.tsx";
import { Logo } from "../../components/logo.tsx";
import { ThemeToggle } from "../../components/theme-toggle.tsx";
import { useMenu } from "../../components/use-menu.ts";
import { getSiteConfig } from "../../lib/site-config.ts";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE, ApiError, loginPath } from "../../signed-in/api-client.ts";
import appCss from "../../signed-in/app.css?url";
import { appMeta } from "../../signed-in/app-meta.ts";
import { CheckoutIntentNotice } from "../../signed-in/billing/checkout-intent-notice.tsx";
import { PastDueBanner } from "../../signed-in/billing/past-due-banner.tsx";
import { AppDataProvider } from "../../signed-in/cache/app-data-provider.tsx";
import { AccountSwitcher } from "../../signed-in/members/account-switcher.tsx";
import { APP_NAV_ITEMS } from "../../signed-in/nav-items.ts";
import { allowedNavItems } from "../../signed-in/permissions.ts";
import { PlanChangeBanner } from "../../signed-in/plan-change/plan-change-banner.tsx";
import { wantsBareFrame } from "../../signed-in/screen-frame.ts";
import { ServerNoticesBanner } from "../../signed-in/server/server-notices-banner.tsx";
import { SessionProvider, useSession, useSessionState } from "../../signed-in/session.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { ToastProvider } from "../../signed-in/ui/toast.tsx";

export const links = () => [stylesheet(appCss)];

export function meta() {
  return appMeta("Your monitoring");
}

/** The signed-in app's frame: it loads the session, guards the screens and draws the header. */
export default function AppLayout() {
  return (
    <SessionProvider>
      <ToastProvider>
        <SessionGuard />
      </ToastProvider>
    </SessionProvider>
  );
}

function SessionGuard() {
  const { state, refresh } = useSessionState();
  const location = useLocation();
  if (state.status === "loading") return <ShellSkeleton />;
  if (state.status === "signed-out") {
    if (state.by === "visitor") {
      return <Navigate to={loginPath()} replace state={{ notice: "You have signed out." }} />;
    }
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  }
  if (state.status === "error") {
    return (
      <div className="app-frame">
        <main id="main" className="app-main container">
          <div className="app-load-error" role="alert">
            <h1>Upwatch could not load your account</h1>
            <p>{state.detail}</p>
            <Button onClick={() => void refresh()}>Try again</Button>
          </div>
        </main>
      </div>
    );
  }
  return (
    <AppDataProvider>
      <AppShell />
    </AppDataProvider>
  );
}

function AppShell() {
  const bare = wantsBareFrame(useMatches().map((match) => match.handle));
  if (bare) {
    return (
      <main id="main" className="app-bare">
        <Outlet />
      </main>
    );
  }
  return (
    <div className="app-frame">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader />
      <main id="main" className="app-main container">
        <ServerNoticesBanner />
        <CheckoutIntentNotice />
        <PastDueBanner />
        <PlanChangeBanner />
        <Outlet />
      </main>
    </div>
  );
}

function AppHeader() {
  const menu = useMenu();
  const { pathname } = useLocation();
  const { user, account, membership, signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string>();
  const planName = planNameOf(account.plan);

  const onSignOut = async () => {
    setSigningOut(true);
    setSignOutError(undefined);
    try {
      await signOut();
    } catch (error) {
      setSignOutError(error instanceof ApiError ? error.detail : "Signing out failed; try again.");
      setSigningOut(false);
    }
  };

  return (
    <header className="app-header">
      <div className="container app-header-bar" ref={menu.containerRef}>
        <Link to={APP_BASE} className="brand" aria-label="Upwatch monitors">
          <Logo />
        </Link>
        <div id="app-menu" className="app-menu" data-open={menu.open}>
          <nav aria-label="App">
            <ul className="app-nav-list">
              {allowedNavItems(APP_NAV_ITEMS, membership).map((item) => {
                const alsoActive =
                  "alsoFor" in item && pathname.startsWith(item.alsoFor) ? "page" : undefined;
                return (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.end}
                      className="app-nav-link"
                      aria-current={alsoActive}
                      onClick={menu.close}
                    >
                      {item.label}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="app-account">
            <AccountSwitcher />
            <div className="app-account-who">
              <span className="app-account-email" title={user.email}>
                {user.email}
              </span>
              <span className="role-badge" title="Your role in this account">
                {membership.role_name}
              </span>
              {getSiteConfig().edition === "self-hosted" ? null : (
                <Link
                  to={`${APP_BASE}/settings#plan`}
                  className="plan-badge"
                  data-plan={account.plan}
                  aria-label={`Plan: ${planName}`}
                  onClick={menu.close}
                >
                  {planName}
                </Link>
              )}
            </div>
            <Button
              variant="ghost"
              size="small"
              onClick={onSignOut}
              busy={signingOut}
              busyLabel="Signing out..."
            >
              Sign out
            </Button>
            {signOutError ? (
              <p className="field-error" role="alert">
                {signOutError}
              </p>
            ) : null}
          </div>
        </div>
        <ThemeToggle />
        <button
          type="button"
          ref={menu.buttonRef}
          className="icon-button menu-button"
          aria-expanded={menu.open}
          aria-controls="app-menu"
          aria-label={menu.open ? "Close menu" : "Open menu"}
          onClick={menu.toggle}
        >
          {menu.open ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
    </header>
  );
}

function ShellSkeleton() {
  return (
    <div className="app-frame">
      <header className="app-header">
        <div className="container app-header-bar">
          <span className="brand">
            <Logo />
          </span>
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="app-main container">
        <Skeleton lines={4} label="Loading your account" />
      </main>
    </div>
  );
}

function planNameOf(plan: string): string {
  try {
    return getPlan(plan as Parameters<typeof getPlan>[0]).name;
  } catch {
    return plan;
  }
}
