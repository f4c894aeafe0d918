import { CHECK_TYPES, type CheckType } from "@upwatch/core";
import type { CheckTypeForm, TypeValidation } from "./check-type-form.ts";
import { type DnsValues, dnsForm } from "./dns.tsx";
import { type HeartbeatValues, heartbeatForm } from "./heartbeat.tsx";
import { type HttpValues, httpForm } from "./http.tsx";
import { type KeywordValues, keywordForm } from "./keyword.tsx";
import { type MultiStepValues, multiStepForm } from "./multi-step.tsx";
import { pingForm } from "./ping.ts";
import { type SslValues, sslForm } from "./ssl.tsx";
import { tcpForm } from "./tcp.ts";

/** Every check type's part of the monitor form: the one place a type meets the form. */
export const CHECK_TYPE_FORMS: Record<CheckType, CheckTypeForm> = {
  http: httpForm,
  keyword: keywordForm,
  ping: pingForm,
  tcp: tcpForm,
  dns: dnsForm,
  ssl: sslForm,
  multi_step: multiStepForm,
  heartbeat: heartbeatForm,
};

/** The fields of every type together, as the form holds them whichever type is chosen. */
export type CheckTypeFormValues = HttpValues &
  KeywordValues &
  DnsValues &
  SslValues &
  MultiStepValues &
  HeartbeatValues;

/** Every type's own fields at their starting values. */
export function checkTypeDefaults(): CheckTypeFormValues {
  return Object.assign({}, ...CHECK_TYPES.map((type) => CHECK_TYPE_FORMS[type].defaults()));
}

/** What every type says about judging its options, gathered: option fields, words, stand-ins. */
export function checkTypeValidation(): Required<Omit<TypeValidation, "ownProblems">> {
  const rules = CHECK_TYPES.map((type) => CHECK_TYPE_FORMS[type].validation ?? {});
  return {
    optionFields: Object.assign({}, ...rules.map((rule) => rule.optionFields)),
    fieldWords: rules.flatMap((rule) => rule.fieldWords ?? []),
    standInOptions: Object.assign({}, ...rules.map((rule) => rule.standInOptions)),
  };
}
