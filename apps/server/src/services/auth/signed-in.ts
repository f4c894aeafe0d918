import type { PlanId } from "@upwatch/core";
import type { NewSession } from "./create-session.ts";

/** What the app is told about who is signed in: the answer of the session endpoints. */
export interface SignedInView {
  user: { id: string; email: string };
  account: { id: string; name: string; plan: PlanId };
  /** Sent back in `X-CSRF-Token` with every state-changing request. */
  csrfToken: string;
}

/** A sign-in that just happened: the view and the new session for the cookie. */
export interface SignedIn extends SignedInView {
  session: NewSession;
}
