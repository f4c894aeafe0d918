interface CheckFieldProps {
  /** Only needed where the label's `htmlFor` must name the box. */
  id?: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  /** A sentence under the box, when ticking it has a consequence worth saying. */
  hint?: string | undefined;
}

/** One check box with its sentence, set out as a field of a form. */
export function CheckField({ id, label, checked, onChange, hint }: CheckFieldProps) {
  return (
    <div className="field">
      <label className="app-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {hint ? <p className="field-hint">{hint}</p> : null}
    </div>
  );
}
