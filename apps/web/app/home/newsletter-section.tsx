import { NewsletterForm } from "../components/newsletter-form.tsx";

/** The newsletter sign-up band of the home page. */
export function NewsletterSection() {
  return (
    <section className="section section-alt" aria-labelledby="newsletter-title">
      <div className="container newsletter-grid">
        <div>
          <p className="eyebrow">Newsletter</p>
          <h2 id="newsletter-title">Notes from the on-call desk</h2>
          <p className="section-text">
            One short email a month: new check types, what we learned from real incidents, and
            practical advice on alerting people without waking them for nothing. Confirm once, leave
            with one click.
          </p>
        </div>
        <NewsletterForm />
      </div>
    </section>
  );
}
