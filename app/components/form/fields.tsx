/**
 * Conform ↔ Mantine fields, the only way a form renders an input (in the spirit of Epic Stack's
 * `forms.tsx`). Each takes the field's Conform metadata and a label, and renders a native control
 * (so the form posts without JavaScript) with Conform's id, name, default value and the schema's
 * constraints; the first error, translated in the form's namespace (`ConformForm`'s `ns`), shows
 * under it. Mantine sets `aria-invalid` while there is an error and points `aria-describedby` at
 * the error and the description, whose ids are Conform's `errorId` and `descriptionId`.
 * `PasswordField` is in `password-field.tsx`, so that the pages without one do not load Mantine's
 * PasswordInput.
 */
import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import {
  Input,
  NativeSelect,
  type NativeSelectProps,
  Text,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from "@mantine/core";
import type { ReactNode } from "react";
import { type ConformOwned, controlProps, type FieldBase, useFieldError } from "./field-base";
import classes from "./fields.module.css";

/** Addresses and numbers are written left to right, in an Arabic page too. */
const LEFT_TO_RIGHT_TYPES: ReadonlySet<string> = new Set(["email", "tel", "url"]);

/**
 * A one-line input: text, e-mail, a number, a date (the browser's own pickers and keyboards).
 */
export function TextField({
  field,
  type = "text",
  ...props
}: FieldBase & {
  type?: "text" | "email" | "number" | "date" | "tel" | "url";
} & Omit<TextInputProps, ConformOwned | "label" | "description">) {
  const error = useFieldError(field);
  return (
    <TextInput
      key={field.key}
      {...controlProps(getInputProps(field, { type, ariaAttributes: false }))}
      dir={LEFT_TO_RIGHT_TYPES.has(type) ? "ltr" : undefined}
      {...props}
      error={error}
    />
  );
}

/** A text of several lines. */
export function TextareaField({
  field,
  ...props
}: FieldBase & Omit<TextareaProps, ConformOwned | "label" | "description">) {
  const error = useFieldError(field);
  return (
    <Textarea
      key={field.key}
      {...controlProps(getTextareaProps(field, { ariaAttributes: false }))}
      {...props}
      error={error}
    />
  );
}

/**
 * A yes/no choice: the browser's own checkbox (Mantine's would add its stylesheet to every page),
 * posting "on" when checked, its label and description beside it.
 */
export function CheckboxField({
  field,
  label,
  description,
  "data-testid": testId,
}: FieldBase & { "data-testid"?: string }) {
  const error = useFieldError(field);
  return (
    <div>
      <label style={{ display: "flex", gap: 8, alignItems: "flex-start" }}>
        <input
          key={field.key}
          {...controlProps(getInputProps(field, { type: "checkbox", ariaAttributes: false }))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? field.errorId : description ? field.descriptionId : undefined}
          data-testid={testId}
          style={{ marginTop: 4 }}
        />
        <span>
          <Text size="sm" fw={500} component="span" display="block">
            {label}
          </Text>
          {description ? (
            <Text id={field.descriptionId} size="xs" c="dimmed" component="span" display="block">
              {description}
            </Text>
          ) : null}
        </span>
      </label>
      {error ? (
        <Text id={field.errorId} size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </div>
  );
}

/** A choice from a list: the browser's own `<select>`, which needs no script to post its value. */
export function SelectField({
  field,
  ...props
}: FieldBase & Omit<NativeSelectProps, ConformOwned | "label" | "description">) {
  const error = useFieldError(field);
  return (
    <NativeSelect
      key={field.key}
      {...controlProps(getSelectProps(field, { ariaAttributes: false }))}
      {...props}
      error={error}
    />
  );
}

/** One option of a `RadioGroupField`. */
interface RadioOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  "data-testid"?: string;
}

/**
 * A choice among a few options shown side by side: the browser's own radio buttons named after the
 * field, the default one checked in the HTML, drawn by `fields.module.css` (Mantine's Radio would
 * add 3.5 KiB of script to every dashboard page: ADR 0019). The group is a `radiogroup` labelled
 * by the field's label and described by its description and error; each radio is labelled by its
 * own label and described by the group's error while there is one.
 */
export function RadioGroupField({
  field,
  options,
  defaultValue,
  children,
  label,
  description,
}: FieldBase & {
  options: readonly RadioOption[];
  /** The choice when the form has none (Conform's initial value wins). */
  defaultValue?: string;
  /** Lays the radios out: gets them rendered, returns the layout (a Group, a grid). */
  children: (radios: ReactNode) => ReactNode;
}) {
  const error = useFieldError(field);
  const checked = (field.initialValue as string | undefined) ?? defaultValue;
  const labelId = `${field.id}-label`;
  const describedBy = [error ? field.errorId : null, description ? field.descriptionId : null]
    .filter(Boolean)
    .join(" ");
  const radios = options.map(({ value, label: optionLabel, description: optionDescription, ...rest }) => {
    const id = `${field.id}-${value}`;
    return (
      <div key={value} className={classes.radio}>
        <input
          id={id}
          type="radio"
          name={field.name}
          value={value}
          defaultChecked={checked === value}
          required={field.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? field.errorId : undefined}
          className={classes.radioInput}
          {...rest}
        />
        <div>
          <label htmlFor={id} className={classes.radioLabel}>
            {optionLabel}
          </label>
          {optionDescription ? <div className={classes.radioDescription}>{optionDescription}</div> : null}
        </div>
      </div>
    );
  });
  return (
    <Input.Wrapper
      key={field.key}
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      descriptionProps={{ id: field.descriptionId }}
      error={error}
      errorProps={{ id: field.errorId }}
      required={field.required}
    >
      <div role="radiogroup" aria-labelledby={labelId} aria-describedby={describedBy || undefined}>
        {children(radios)}
      </div>
    </Input.Wrapper>
  );
}
