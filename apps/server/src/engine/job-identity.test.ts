import { describe, expect, it } from "vitest";
import { SecretBox } from "../secrets/secret-box.ts";
import { generateSecretsKey } from "../secrets/secrets-key.ts";
import { JobIdentity } from "./job-identity.ts";

const check = { monitorId: "mon_a", region: "eu-west-1", plannedAt: 1_795_000_000_000 };

describe("the identity of a job handed to runners", () => {
  it("is recognised by another server with the same secrets key, for that check only", () => {
    const key = generateSecretsKey();
    const jobId = new JobIdentity(new SecretBox(key)).issue(check);
    const other = new JobIdentity(new SecretBox(key));
    expect(other.recognises(check, jobId)).toBe(true);
    expect(other.recognises({ ...check, plannedAt: check.plannedAt + 3_600_000 }, jobId)).toBe(
      false,
    );
    expect(other.recognises({ ...check, region: "ap-southeast-2" }, jobId)).toBe(false);
    expect(other.recognises({ ...check, monitorId: "mon_b" }, jobId)).toBe(false);
    expect(other.recognises(check, undefined)).toBe(false);
    expect(other.recognises(check, "not-an-identity")).toBe(false);
  });

  it("is not recognised under another key, and still is while a rotation keeps the earlier key readable", () => {
    const earlier = generateSecretsKey();
    const jobId = new JobIdentity(new SecretBox(earlier)).issue(check);
    const later = generateSecretsKey();
    expect(new JobIdentity(new SecretBox(later)).recognises(check, jobId)).toBe(false);
    expect(new JobIdentity(new SecretBox(later, [earlier])).recognises(check, jobId)).toBe(true);
  });
});
