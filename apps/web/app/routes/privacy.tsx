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
    title: "Privacy Policy",
    description:
      "What Upwatch collects when you visit the site or use the service, why, how long it is kept, and the rights New Zealand law gives you over it.",
    path: "/privacy",
    keywords: ["Upwatch privacy policy", "personal information", "New Zealand Privacy Act"],
  });
}

export default function Privacy() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated={LEGAL_UPDATED}
      intro={
        <p>
          Upwatch watches your websites and servers, not you. This policy explains what personal
          information we hold when you visit this site or use the service, why we hold it, and what
          you can ask us to do with it.
        </p>
      }
    >
      <h2>1. Who we are</h2>
      <p>
        "Upwatch", "we" and "us" mean the operator of the Upwatch monitoring service and of this
        website. Questions about this policy, and requests about your information, go to{" "}
        <SupportEmailLink />.
      </p>

      <h2>2. What we collect</h2>
      <ul>
        <li>
          <strong>Account details</strong>: your name, email address, password (stored only as a
          salted hash), team members you invite and your plan.
        </li>
        <li>
          <strong>Monitoring data</strong>: the URLs, hosts and API steps you ask us to check, the
          results of each check, and what our agent reports from your servers: CPU, memory, load
          averages, network, disks (with their mount points and the descriptions you give them), the
          state of the services you choose, the machine's hostname, platform and architecture, the
          agent's version, and the thresholds and reporting interval set in its agent.yaml.
        </li>
        <li>
          <strong>Alert contacts</strong>: the email addresses, phone numbers, Slack channels and
          webhook addresses you tell us to notify.
        </li>
        <li>
          <strong>Messages you send us</strong>: what you write in the contact form or by email,
          with the name and address you give.
        </li>
        <li>
          <strong>Newsletter</strong>: your email address and when you confirmed or left.
        </li>
        <li>
          <strong>Billing</strong>: your card is handled by our payment provider; we keep only the
          card brand, its last four digits and your invoices.
        </li>
        <li>
          <strong>Technical data</strong>: IP addresses and request logs, used to keep the service
          secure and to stop abuse such as automated form spam.
        </li>
      </ul>

      <h2>3. Cookies, local storage and analytics</h2>
      <p>
        This site remembers your choice of dark or light theme in your browser's local storage; that
        value never leaves your device. Analytics and advertising measurement are switched off
        unless the operator of this site turns them on. When they are on, page views and clicks on
        sign-up buttons are reported to the analytics or advertising provider named in this site's
        configuration.
      </p>

      <h2>4. Why we use it</h2>
      <p>
        We use your information to run the checks you set up, deliver your alerts, bill you, answer
        your messages, send the newsletter you asked for, keep the service secure, and improve it.
        We do not sell personal information, and we never use your monitoring data to advertise to
        you.
      </p>

      <h2>5. Who we share it with</h2>
      <p>
        Only with the providers that help us run the service (hosting, email and SMS delivery,
        payments), under contracts that allow them to use it for that purpose alone; with the people
        and systems you tell us to alert; and with authorities when New Zealand law requires it.
      </p>

      <h2>6. How long we keep it</h2>
      <p>
        Check history is kept for your plan's period: 30 days on Free, 90 days on Hobby and
        Business, and on Enterprise+ the length your account chooses (400 days until it chooses).
        Logs of sent notifications are kept for 30 days. Account details are kept while your account
        exists and are deleted after you <Link to="/account-deletion">delete your account</Link>,
        apart from invoices that tax law requires us to keep.
      </p>

      <h2>7. Security</h2>
      <p>
        Traffic to the service is encrypted, passwords and secret check variables are stored
        protected, and access to production systems is limited to the people who need it. If a
        breach is likely to cause you serious harm, we will tell you and the Privacy Commissioner as
        the law requires.
      </p>

      <h2>8. Your rights</h2>
      <p>
        Under the New Zealand Privacy Act 2020 you may ask for a copy of the personal information we
        hold about you and ask us to correct it. Write to <SupportEmailLink />; we answer within 20
        working days. If you are not satisfied with our answer you may complain to the Office of the
        Privacy Commissioner.
      </p>

      <h2>9. Information stored overseas</h2>
      <p>
        Our checks run from regions in the United States, Ireland and Australia, and some of our
        providers store data outside New Zealand. We only use providers that protect it to a
        standard comparable to New Zealand law.
      </p>

      <h2>10. Children</h2>
      <p>
        Upwatch is a tool for businesses and developers, and is not meant for children under 16.
      </p>

      <h2>11. Changes and governing law</h2>
      <p>
        We will post any change on this page and change the date above; for significant changes we
        will also email account holders. This policy is governed by the laws of New Zealand.
      </p>
    </LegalPage>
  );
}
