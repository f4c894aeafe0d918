import type { SessionSummary } from "../services/sessions/list-sessions.ts";
import type { TwoFactorStatus } from "../services/two-factor/get-two-factor-status.ts";
import type { SignInStep } from "../services/two-factor/next-sign-in-step.ts";
import type { TwoFactorSetup } from "../services/two-factor/set-up-two-factor.ts";
import { isoTime, isoTimeOrNull } from "../time.ts";

/** The answer of a sign-in whose second step comes before the session. */
export function presentSecondStep(step: Exclude<SignInStep, { kind: "signed-in" }>) {
  return step.kind === "two-factor"
    ? { two_factor_required: true, challenge: step.challenge }
    : { two_factor_setup_required: true, challenge: step.challenge };
}

export function presentTwoFactorSetup(setup: TwoFactorSetup) {
  return { otpauth_uri: setup.otpauthUri, qr_code: setup.qrCode, secret: setup.secret };
}

export function presentTwoFactorStatus(status: TwoFactorStatus) {
  return {
    enabled: status.enabledAt !== null,
    enabled_at: isoTimeOrNull(status.enabledAt),
    recovery_codes_left: status.recoveryCodesLeft,
    required_by: status.requiredBy,
  };
}

export function presentSession(session: SessionSummary) {
  return {
    id: session.id,
    device: session.device,
    ip_address: session.ipAddress,
    signed_in_at: isoTime(session.signedInAt),
    last_seen_at: isoTime(session.lastSeenAt),
    method: session.method,
    current: session.current,
  };
}
