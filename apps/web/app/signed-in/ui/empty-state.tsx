import type { ReactNode } from "react";

interface EmptyStateProps {
  title: string;
  /** What to do next, in a sentence or two. */
  children: ReactNode;
  /** The action that fills the list (a button or a link). */
  action?: ReactNode;
  icon?: ReactNode;
}

/** What a list shows when it has nothing yet: what it is for and what to do next. */
export function EmptyState({ title, children, action, icon }: EmptyStateProps) {
  return (
    <div className="app-empty-state">
      {icon ? <div className="app-empty-icon">{icon}</div> : null}
      <h2>{title}</h2>
      <div className="app-empty-text">{children}</div>
      {action ? <div className="app-empty-action">{action}</div> : null}
    </div>
  );
}
