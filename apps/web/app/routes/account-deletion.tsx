import { Link } from "react-router";
import { LegalPage, legalPageLinks, SupportEmailLink } from "../components/legal-page.tsx";
import { TrackedLink } from "../components/tracked-link.tsx";
import { loginUrl } from "../lib/app-links.ts";
import { pageMeta } from "../lib/page-meta.ts";

export const links = legalPageLinks;

export function meta() {
  return pageMeta({
    title: "Account Deletion",
    description:
      "How to delete your Upwatch account and its data yourself from Account Settings, at once, or ask support to do it, typically within 48 hours.",
    path: "/account-deletion",
    keywords: ["delete Upwatch account", "account deletion", "remove my data"],
  });
}

export default function AccountDeletion() {
  return (
    <LegalPage
      title="Account Deletion"
      intro={
        <p>
          You can delete your Upwatch account and everything in it yourself, at any time, in a
          minute. If you cannot sign in any more, our support team will do it for you.
        </p>
      }
    >
      <h2>Delete your account yourself</h2>
      <ol className="steps">
        <li>
          <TrackedLink href={loginUrl()} trackAs="account-deletion-login">
            Sign in to Upwatch
          </TrackedLink>{" "}
          with the account you want to delete.
        </li>
        <li>
          Open <strong>Account Settings</strong>: <strong>Settings</strong> in the app's menu.
        </li>
        <li>
          Scroll down to the <strong>Danger Zone</strong>.
        </li>
        <li>
          Click <strong>Delete Account</strong>.
        </li>
        <li>Confirm by typing the email address of your account.</li>
        <li>
          Click <strong>'Delete My Account Permanently'</strong>.
        </li>
      </ol>
      <p>
        The account and everything in it are deleted at once and you are signed out. This cannot be
        undone, and the address can then be used to create a new, empty account.
      </p>

      <h2>Ask us to delete it</h2>
      <p>
        Lost access to your email or your password? Write to <SupportEmailLink /> from the address
        on the account, or use the <Link to="/contact">contact form</Link> with the subject
        Technical Support. We confirm that the request is yours, then delete the account, typically
        within 48 hours, and email you when it is done.
      </p>

      <h2>What is deleted</h2>
      <ul>
        <li>Your profile, team memberships and API keys.</li>
        <li>Every monitor, agent, check result, alert and status page in the account.</li>
        <li>Your alert contacts and integrations (Slack, webhooks, SMS numbers).</li>
        <li>Any active paid subscription, which is cancelled so you are not charged again.</li>
      </ul>
      <p>
        Invoices are kept for as long as tax law requires, and nothing else. If you are on the
        newsletter, unsubscribe from the link in any issue; it is separate from your account. See
        the <Link to="/privacy">Privacy Policy</Link> for how we handle your information.
      </p>

      <h2>Before you go</h2>
      <p>
        Export anything you want to keep (check history and reports) first, and remove the Upwatch
        agent from your servers. Deleting the account does not stop an installed agent: it keeps
        trying to report, the server refuses every report, and the agent logs an error each time
        until you uninstall it.
      </p>
    </LegalPage>
  );
}
