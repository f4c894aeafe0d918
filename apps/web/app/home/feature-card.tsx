import type { ComponentType, SVGProps } from "react";
import { Link } from "react-router";
import { ArrowRightIcon } from "../components/icons.tsx";

export interface Feature {
  title: string;
  body: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The cheapest plan that includes the feature, when the Free plan does not. */
  proFrom?: "Hobby" | "Business";
  /** A help-centre article slug and the link's words. */
  article?: { slug: string; label: string };
}

/** One feature: icon, title, a Pro badge when it needs a paid plan, and a help-centre link. */
export function FeatureCard({ feature }: { feature: Feature }) {
  const Icon = feature.icon;
  return (
    <article className="feature-card">
      <div className="feature-card-top">
        <span className="feature-icon">
          <Icon width="22" height="22" />
        </span>
        {feature.proFrom ? (
          <span className="pro-badge" title={`On the ${feature.proFrom} plan and above`}>
            Pro
            <span className="visually-hidden">: on the {feature.proFrom} plan and above</span>
          </span>
        ) : null}
      </div>
      <h3>{feature.title}</h3>
      <p>{feature.body}</p>
      {feature.article ? (
        <Link to={`/knowledge-base/${feature.article.slug}`} className="feature-link">
          {feature.article.label}
          <ArrowRightIcon width="16" height="16" />
        </Link>
      ) : null}
    </article>
  );
}
