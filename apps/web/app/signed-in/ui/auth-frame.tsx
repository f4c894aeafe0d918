import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "../../components/logo.tsx";
import { ThemeToggle } from "../../components/theme-toggle.tsx";

interface AuthFrameProps {
  title: string;
  /** A sentence under the title. */
  lead?: ReactNode;
  children: ReactNode;
  /** Links under the card ("No account yet? Create one"). */
  footer?: ReactNode;
}

/** The frame of the sign-in pages: the brand back to the site, a card, the theme toggle. */
export function AuthFrame({ title, lead, children, footer }: AuthFrameProps) {
  return (
    <div className="auth-page">
      <header className="auth-header">
        <Link to="/" className="brand" aria-label="Upwatch home">
          <Logo />
        </Link>
        <ThemeToggle />
      </header>
      <main id="main" className="auth-main">
        <div className="auth-card card">
          <h1>{title}</h1>
          {lead ? <p className="auth-lead">{lead}</p> : null}
          {children}
        </div>
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </main>
    </div>
  );
}
