import type { ReactNode } from "react";

interface PageHeaderProps {
  title: string;
  /** One sentence under the title saying what the screen is for. */
  description?: ReactNode;
  /** Buttons or links on the right (the page's main action). */
  actions?: ReactNode;
  /** A link back to the parent screen, shown above the title. */
  back?: ReactNode;
}

/** The title block of every signed-in screen. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <div className="app-page-header">
      <div className="app-page-heading">
        {back ? <div className="app-back">{back}</div> : null}
        <h1>{title}</h1>
        {description ? <p className="app-page-description">{description}</p> : null}
      </div>
      {actions ? <div className="app-page-actions">{actions}</div> : null}
    </div>
  );
}
