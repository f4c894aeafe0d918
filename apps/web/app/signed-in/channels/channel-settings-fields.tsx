import { type AlertChannel, type ChannelField, channelType } from "@upwatch/core";
import { Field } from "../ui/field.tsx";

interface ChannelSettingsFieldsProps {
  type: AlertChannel;
  values: Record<string, string>;
  errors: Partial<Record<`config.${string}`, string | undefined>>;
  onChange(key: string, value: string): void;
  /** Keeps each control, by setting key, so a refused one can take focus. */
  controls: Map<string, HTMLInputElement | HTMLSelectElement>;
}

/** A channel type's settings: an address, a URL, a token, a choice, as the type asks for them. */
export function ChannelSettingsFields({
  type,
  values,
  errors,
  onChange,
  controls,
}: ChannelSettingsFieldsProps) {
  const keep = (key: string) => (element: HTMLInputElement | HTMLSelectElement | null) => {
    if (element) controls.set(key, element);
    else controls.delete(key);
  };
  return (
    <>
      {(channelType(type).fields as readonly ChannelField[]).map((field) => (
        <Field
          key={`${type}-${field.key}`}
          id={`channel-${field.key}`}
          label={field.label}
          hint={field.hint}
          required={field.empty !== undefined}
          error={errors[`config.${field.key}`]}
        >
          {field.inputType === "select" ? (
            <select
              ref={keep(field.key)}
              value={values[field.key] ?? ""}
              onChange={(event) => onChange(field.key, event.target.value)}
            >
              {(field.options ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              ref={keep(field.key)}
              type={field.inputType}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              spellCheck={field.inputType === "text" ? false : undefined}
              value={values[field.key] ?? ""}
              onChange={(event) => onChange(field.key, event.target.value)}
            />
          )}
        </Field>
      ))}
    </>
  );
}
