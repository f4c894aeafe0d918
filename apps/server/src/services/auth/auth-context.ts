import type { PlanId, RegistrationMode } from "@upwatch/core";
import type { ServiceContext } from "../context.ts";

/** What the sign-in verbs need beyond storage: the secret behind CSRF tokens and the app's address. */
export interface AuthContext extends ServiceContext {
  /** Signs the CSRF token of each session. */
  csrfSecret: Buffer;
  /** The absolute address of the signed-in app, for links in mail (`https://.../app`). */
  appUrl: string;
  /** The plan every registration gets (DEFAULT_PLAN). */
  newAccountPlan: PlanId;
  /** Who may give themselves a sign-in (REGISTRATION). */
  registration: RegistrationMode;
}
