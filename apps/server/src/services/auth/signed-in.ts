import type { PlanId, Role } from "@upwatch/core";
import type { MembershipView } from "../team/find-membership.ts";
import type { NewSession } from "./create-session.ts";

/** One account a person belongs to, with their role in it. */
export interface MembershipSummary {
  id: string;
  name: string;
  role: Role;
}

/** What the app is told about who is signed in: the answer of the session endpoints. */
export interface SignedInView {
  user: { id: string; email: string };
  account: { id: string; name: string; plan: PlanId };
  /** The person's role in that account, which the app uses to show only what it allows. */
  membership: MembershipView;
  /** Every account the person belongs to, oldest membership first. */
  accounts: MembershipSummary[];
  /** Sent back in `X-CSRF-Token` with every state-changing request. */
  csrfToken: string;
}

/** A sign-in that just happened: the view and the new session for the cookie. */
export interface SignedIn extends SignedInView {
  session: NewSession;
}
