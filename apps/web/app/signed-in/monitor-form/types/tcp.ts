import type { CheckTypeForm } from "./check-type-form.ts";

export const tcpForm: CheckTypeForm = {
  type: "tcp",
  description: "A port accepts connections (databases, mail, game servers).",
  target: {
    label: "Target",
    hint: "host:port, such as db.example.com:5432.",
    placeholder: "db.example.com:5432",
    inputMode: "text",
    standIn: "x.example:80",
  },
  section: null,
  defaults: () => ({}),
  fromOptions: () => ({}),
  toOptions: () => ({}),
};
