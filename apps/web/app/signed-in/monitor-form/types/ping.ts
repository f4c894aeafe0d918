import type { CheckTypeForm } from "./check-type-form.ts";

export const pingForm: CheckTypeForm = {
  type: "ping",
  description: "A host answers an ICMP echo.",
  target: {
    label: "Target",
    hint: "A host name or IP address.",
    placeholder: "server.example.com",
    inputMode: "text",
    standIn: "x.example",
  },
  section: null,
  defaults: () => ({}),
  fromOptions: () => ({}),
  toOptions: () => ({}),
};
