import { useQueryClient } from "@tanstack/react-query";
import { DomainProof } from "../domain-verification/domain-proof.tsx";
import { useToast } from "../ui/toast.tsx";
import { type SsoConfig, ssoConfigKey, verifySsoDomain } from "./sso-api.ts";

const USE = "signing people in through your provider";

/**
 * Each listed domain's proof of ownership: only domains whose TXT record was found sign people
 * in here. The owner verifies; others read where each stands.
 */
export function SsoDomainProofs({ config, owner }: { config: SsoConfig; owner: boolean }) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const verify = (domain: string) => async () => {
    const saved = await verifySsoDomain(domain);
    client.setQueryData(ssoConfigKey, saved);
    const proof = saved.domain_verifications.find((entry) => entry.domain === domain);
    showToast(
      proof?.state === "verified" && !proof.failure
        ? `${domain} is verified.`
        : `${domain} is not verified yet.`,
    );
  };
  return (
    <>
      {config.domain_verifications.map((proof) => (
        <DomainProof
          key={proof.domain}
          proof={proof}
          use={USE}
          onVerify={owner ? verify(proof.domain) : undefined}
        />
      ))}
    </>
  );
}
