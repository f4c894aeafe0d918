import type { MonitorFormValues } from "./form-values.ts";
import type { FormErrors } from "./validate-monitor-form.ts";

/** What every part of the monitor form receives: the values, a setter and the shown errors. */
export interface FormPartProps {
  values: MonitorFormValues;
  set: <K extends keyof MonitorFormValues>(field: K, value: MonitorFormValues[K]) => void;
  errors: FormErrors;
}
