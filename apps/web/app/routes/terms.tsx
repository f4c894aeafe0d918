import { MONEY_BACK_DAYS, SMS_PRICE_USD } from "@upwatch/core";
import { Link } from "react-router";
import {
  LEGAL_UPDATED,
  LegalPage,
  legalPageLinks,
  SupportEmailLink,
} from "../components/legal-page.tsx";
import { pageMeta } from "../lib/page-meta.ts";

export const links = legalPageLinks;

export function meta() {
  return pageMeta({
    title: "Terms of Service",
    description:
      "The agreement between you and Upwatch: accounts, plans and billing, acceptable use, our responsibilities and yours, governed by New Zealand law.",
    path: "/terms",
    keywords: ["Upwatch terms of service", "monitoring service agreement", "acceptable use"],
  });
}

export default function Terms() {
  return (
    <LegalPage
      title="Terms of Service"
      updated={LEGAL_UPDATED}
      intro={
        <p>
          These terms are the agreement between you and Upwatch when you create an account or use
          the service. We have tried to keep them short and plain. By using Upwatch you accept them.
        </p>
      }
    >
      <h2>1. The service</h2>
      <p>
        Upwatch checks the websites, APIs and servers you point it at, records the results, and
        notifies the contacts you choose when something fails. Features and limits depend on your
        plan, as shown on the <Link to="/#pricing">pricing section</Link>.
      </p>

      <h2>2. Your account</h2>
      <p>
        You must give a real email address and keep your password and API keys secret. You are
        responsible for what happens under your account, including actions by team members you
        invite. Tell us at once at <SupportEmailLink /> if you think someone else has access.
      </p>

      <h2>3. Plans, billing and refunds</h2>
      <ul>
        <li>The Free plan costs nothing and needs no credit card.</li>
        <li>
          Paid plans are billed monthly or yearly in advance, in US dollars, by major credit card.
          Prices are those on the pricing section when you subscribe.
        </li>
        <li>
          Upgrades and downgrades apply at once and are prorated. SMS alerts on paid plans cost $
          {SMS_PRICE_USD.toFixed(2)} per message, billed monthly.
        </li>
        <li>
          If you are unhappy in your first {MONEY_BACK_DAYS} days on a paid plan, ask for a full
          refund of that first payment.
        </li>
        <li>You can cancel at any time; your plan then runs to the end of the paid period.</li>
      </ul>

      <h2>4. Acceptable use</h2>
      <p>Monitor only systems you own or are allowed to test. You must not use Upwatch to:</p>
      <ul>
        <li>load-test, flood or attack any system, or probe systems you have no right to probe;</li>
        <li>send alerts to people who have not agreed to receive them;</li>
        <li>break the law, or store content you have no right to store;</li>
        <li>get around plan limits, or resell the service without our written agreement.</li>
      </ul>
      <p>We may suspend monitors or accounts that break these rules, and will tell you why.</p>

      <h2>5. Your data</h2>
      <p>
        What you put into Upwatch stays yours. You let us store and process it only to provide the
        service, as our <Link to="/privacy">Privacy Policy</Link> describes. You can export it, or{" "}
        <Link to="/account-deletion">delete your account</Link> and have it removed.
      </p>

      <h2>6. Availability</h2>
      <p>
        We work hard to keep Upwatch running and checking, but no monitoring service can promise to
        catch every failure or deliver every alert: networks, phone carriers and third-party
        services can fail. Maintenance is announced in advance when it may interrupt checks. Service
        levels with credits are available on Enterprise+ contracts.
      </p>

      <h2>7. Liability</h2>
      <p>
        To the extent the law allows, Upwatch is provided "as is" and we are not liable for indirect
        or consequential loss, such as lost profit or revenue, caused by an outage we did not detect
        or an alert that did not arrive. Our total liability in any 12 months is limited to what you
        paid us in those 12 months. You use Upwatch for business purposes, so the Consumer
        Guarantees Act 1993 does not apply, to the extent the law allows.
      </p>

      <h2>8. Ending the agreement</h2>
      <p>
        You may stop using Upwatch and delete your account at any time. We may end the agreement
        with 30 days' notice, or at once for a serious breach of these terms; on ending, unused
        prepaid time on a plan we end without cause is refunded.
      </p>

      <h2>9. Changes</h2>
      <p>
        We will post changes on this page and update the date above. For changes that reduce your
        rights we will email you at least 30 days before they apply.
      </p>

      <h2>10. Governing law</h2>
      <p>
        These terms are governed by the laws of New Zealand, and the courts of New Zealand have
        exclusive jurisdiction over any dispute about them.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about these terms: <SupportEmailLink /> or the{" "}
        <Link to="/contact">contact form</Link>.
      </p>
    </LegalPage>
  );
}
