import { createHmac, timingSafeEqual } from "node:crypto";
import type { SecretBox } from "../secrets/secret-box.ts";

/** What a job identity vouches for: one monitor's check from one region at one planned time. */
export interface DispatchedCheck {
  monitorId: string;
  region: string;
  plannedAt: number;
}

const MAC_BYTES = 16;

/**
 * The identity each job handed to runners carries: a MAC of its monitor, region and planned time
 * under a key derived from the servers' shared secrets key. A runner sends it back with its
 * result, so any server of the deployment (the next leader too) can tell a check it dispatched
 * from one a runner made up, without a record of every job.
 */
export class JobIdentity {
  private readonly keys: Buffer[];

  constructor(secrets: SecretBox) {
    this.keys = secrets.derivedKeys("runner job identity");
  }

  issue(check: DispatchedCheck): string {
    return macOf(this.keys[0]!, check).toString("base64url");
  }

  recognises(check: DispatchedCheck, jobId: string | undefined): boolean {
    if (!jobId) return false;
    const given = Buffer.from(jobId, "base64url");
    if (given.length !== MAC_BYTES) return false;
    return this.keys.some((key) => timingSafeEqual(macOf(key, check), given));
  }
}

function macOf(key: Buffer, check: DispatchedCheck): Buffer {
  return createHmac("sha256", key)
    .update(`${check.monitorId}\n${check.region}\n${check.plannedAt}`)
    .digest()
    .subarray(0, MAC_BYTES);
}
