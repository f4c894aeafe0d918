import { Link, useLoaderData } from "react-router";
import { RegistrationNotices, SIGN_UP_LINK_CLASS } from "../../components/registration-notices.tsx";
import { Breadcrumb } from "../../knowledge-base/components/breadcrumb.tsx";
import { PlanComparison } from "../../knowledge-base/components/plan-comparison.tsx";
import { RenderedMarkdown } from "../../knowledge-base/markdown/rendered-markdown.tsx";
import { pricingPageData } from "../../knowledge-base/page-data.server.ts";
import { KNOWLEDGE_BASE_CRUMB, knowledgeBaseMeta } from "../../knowledge-base/page-meta.ts";
import { registerUrl } from "../../lib/app-links.ts";

const PATH = "/knowledge-base/pricing";
const TITLE = "Pricing";

export function loader() {
  return pricingPageData();
}

export function meta({ loaderData }: { loaderData: ReturnType<typeof loader> }) {
  return knowledgeBaseMeta({
    title: `${TITLE} - Knowledge Base`,
    description: loaderData.description,
    path: PATH,
    keywords: ["pricing", "plans", "billing", "uptime monitoring price"],
    trail: [KNOWLEDGE_BASE_CRUMB, { name: TITLE, path: PATH }],
  });
}

/** The plans side by side and the answers to common billing questions. */
export default function PricingPage() {
  const faq = useLoaderData<typeof loader>();
  return (
    <main className="kb-page kb-pricing">
      <Breadcrumb trail={[KNOWLEDGE_BASE_CRUMB, { name: TITLE }]} />
      <header className="kb-article-header">
        <h1>Plans and pricing</h1>
        <p className="kb-lead">
          Start free with 10 monitors and no credit card. Upgrade, downgrade or cancel at any time.
        </p>
        <p className="kb-actions">
          <a href={registerUrl()} className={`button button-primary ${SIGN_UP_LINK_CLASS}`}>
            Get started free
          </a>
          <RegistrationNotices />
          <Link to="/contact" className="button button-ghost">
            Talk to sales
          </Link>
        </p>
      </header>
      <PlanComparison />
      <section className="kb-faq" aria-labelledby="faq-title">
        <h2 id="faq-title">{faq.title}</h2>
        {faq.introHtml && <RenderedMarkdown html={faq.introHtml} />}
        {faq.questions.map((entry) => (
          <section key={entry.id} className="kb-faq-entry" aria-labelledby={entry.id}>
            <h3 id={entry.id}>{entry.question}</h3>
            <RenderedMarkdown html={entry.answerHtml} />
          </section>
        ))}
      </section>
      <aside className="kb-contact">
        <h2>Still deciding?</h2>
        <p>Tell us what you need to monitor and we will suggest the right plan.</p>
        <Link to="/contact" className="button button-primary">
          Contact us
        </Link>
      </aside>
    </main>
  );
}
