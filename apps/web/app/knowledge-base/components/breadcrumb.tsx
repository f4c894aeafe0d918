import { Link } from "react-router";

/** One step of a breadcrumb trail; the last step is the current page and has no link. */
export interface Crumb {
  name: string;
  path?: string;
}

/** The trail from the knowledge base's front page to this page. */
export function Breadcrumb({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="kb-breadcrumb">
      <ol>
        {trail.map((crumb, i) => (
          <li key={crumb.path ?? crumb.name}>
            {crumb.path && i < trail.length - 1 ? (
              <Link to={crumb.path}>{crumb.name}</Link>
            ) : (
              <span aria-current={i === trail.length - 1 ? "page" : undefined}>{crumb.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
