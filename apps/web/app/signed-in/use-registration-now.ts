import type { RegistrationNow } from "@upwatch/core";
import { useEffect, useState } from "react";
import { getSiteConfig } from "../lib/site-config.ts";
import { call } from "./api-call.ts";
import { OP } from "./operation-routes.ts";

/**
 * What registering allows now. Every mode but first-account is fixed for the server's life;
 * under first-account the server is asked (undefined until it answers), since sign-up closes
 * once the first person has registered.
 */
export function useRegistrationNow(): RegistrationNow | undefined {
  const mode = getSiteConfig().registration;
  const [answer, setAnswer] = useState<RegistrationNow>();
  useEffect(() => {
    if (mode !== "first-account") return;
    let current = true;
    call(OP.getRegistration).then(
      (now) => current && setAnswer(now.registration),
      // Unknown: offer the form, whose answer will say if sign-up has closed.
      () => current && setAnswer("open"),
    );
    return () => {
      current = false;
    };
  }, [mode]);
  return mode === "first-account" ? answer : mode;
}
