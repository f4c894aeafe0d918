import type { SessionOptions } from "../../http/session-auth.ts";
import type { LiveBus } from "../../live/live-bus.ts";
import type { DeliveryAttempts } from "../../notifications/delivery-log.ts";
import type { AlertingHooks } from "../../services/alerts/alerting-hooks.ts";
import type { AuthContext } from "../../services/auth/auth-context.ts";
import type { LoginThrottle } from "../../services/auth/login-throttle.ts";
import type { ChannelDeps } from "../../services/channels/channel-rules.ts";
import type { RegionDirectory } from "../../services/regions/region-directory.ts";

/** What the API's routes are handed by the wiring; they reach nothing else of the server. */

/** Everything signing in needs: the verbs' context, the cookie settings and the login throttle. */
export interface Accounts {
  auth: AuthContext;
  session: SessionOptions;
  throttle: LoginThrottle;
  /** Registrations and password-reset requests allowed per client address per hour (0: off). */
  signupRateLimit: number;
  /** The signed-in app's API requests allowed per account per minute (0: off). */
  sessionRateLimit: number;
}

/** What the alert, dependency and channel routes need of alerting. */
export interface Alerting {
  hooks: AlertingHooks;
  channelDeps: ChannelDeps;
  attempts: DeliveryAttempts;
}

/** Ends the live update streams of a credential or an account (sign-out, revocation, deletion). */
export type LiveStreams = Pick<LiveBus, "endCredential" | "endAccount">;

/** Which regions the deployment serves now: the local one and those with a live runner. */
export type Regions = RegionDirectory;
