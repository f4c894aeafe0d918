import type { ReactNode } from "react";
import { getSiteConfig } from "../lib/site-config.ts";
import { stylesheet } from "../lib/stylesheet.ts";
import proseCss from "../styles/prose.css?url";

/** The legal pages' style sheet, for their routes' `links`. */
export const legalPageLinks = () => [stylesheet(proseCss)];

/** The date the Privacy Policy and Terms of Service were last changed. */
export const LEGAL_UPDATED = "December 31, 2024";

interface LegalPageProps {
  title: string;
  /** Shown under the title; the legal documents show their last update. */
  updated?: string;
  intro: ReactNode;
  children: ReactNode;
}

/** The frame of the legal and account pages: heading, date, and readable long text. */
export function LegalPage({ title, updated, intro, children }: LegalPageProps) {
  return (
    <main id="main" className="container page legal-page">
      <header className="legal-header">
        <p className="eyebrow">Legal</p>
        <h1>{title}</h1>
        {updated ? (
          <p className="legal-updated">
            Last updated <time dateTime="2024-12-31">{updated}</time>
          </p>
        ) : null}
        <div className="lead">{intro}</div>
      </header>
      <div className="prose">{children}</div>
    </main>
  );
}

/** The support address as a mail link. */
export function SupportEmailLink() {
  const { supportEmail } = getSiteConfig();
  return <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
}
