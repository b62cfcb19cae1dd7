/**
 * Conform ↔ Mantine fields, the only way a form renders an input (in the spirit of Epic Stack's
 * `forms.tsx`). Each takes the field's Conform metadata and a label, and renders a native control
 * (so the form posts without JavaScript) with Conform's id, name, default value and the schema's
 * constraints; the first error, translated in the form's namespace (`ConformForm`'s `ns`), shows
 * under it. Mantine sets `aria-invalid` while there is an error and points `aria-describedby` at
 * the error and the description, whose ids are Conform's `errorId` and `descriptionId`.
 */
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import {
  NativeSelect,
  type NativeSelectProps,
  PasswordInput,
  type PasswordInputProps,
  Radio,
  type RadioGroupProps,
  Text,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from "@mantine/core";
import type { ReactNode } from "react";
import { useFormErrorText } from "./conform";

// biome-ignore lint/suspicious/noExplicitAny: a field of any form, whatever its value's type
type AnyField = FieldMetadata<any, any, string[]>;

/** What Conform sets and a field component must not be given again. */
type ConformOwned = "id" | "name" | "form" | "defaultValue" | "value" | "error" | "type" | "required";

interface FieldBase {
  field: AnyField;
  label: ReactNode;
  description?: ReactNode;
}

/** The field's first error in the reader's language, or nothing while it is valid. */
function useFieldError(field: AnyField): string | undefined {
  const text = useFormErrorText();
  const first = field.errors?.[0];
  return first ? text(first) : undefined;
}

/** Conform's control props without `key` (React wants it given, not spread) and its aria (Mantine's). */
function controlProps<Props extends { key: string | undefined }>({ key: _key, ...props }: Props) {
  return props;
}

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

/**
 * A password with the show/hide toggle (`visibilityToggleButtonProps` names it). Mantine leaves
 * this input's aria to its caller, so it is set here as the other inputs get it.
 */
export function PasswordField({
  field,
  ...props
}: FieldBase & Omit<PasswordInputProps, ConformOwned | "label" | "description">) {
  const error = useFieldError(field);
  const { type: _type, ...inputProps } = getInputProps(field, { type: "password", ariaAttributes: false });
  const describedBy = [error ? field.errorId : null, props.description ? field.descriptionId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <PasswordInput
      key={field.key}
      {...controlProps(inputProps)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      {...props}
      // On a static page the forms' island works the toggle by this (form-island.tsx).
      visibilityToggleButtonProps={{ ...props.visibilityToggleButtonProps, "data-password-toggle": field.id }}
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
 * A choice among a few options shown side by side: native radio buttons named after the field,
 * the default one checked in the HTML. The group is labelled; each radio is described by the
 * group's error while there is one.
 */
export function RadioGroupField({
  field,
  options,
  defaultValue,
  children,
  ...props
}: FieldBase & {
  options: readonly RadioOption[];
  /** The choice when the form has none (Conform's initial value wins). */
  defaultValue?: string;
  /** Lays the radios out: gets them rendered, returns the layout (a Group, a grid). */
  children: (radios: ReactNode) => ReactNode;
} & Omit<RadioGroupProps, ConformOwned | "label" | "description" | "children">) {
  const error = useFieldError(field);
  const radios = options.map(({ value, label, description, ...rest }) => (
    <Radio
      key={value}
      value={value}
      label={label}
      description={description}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? field.errorId : undefined}
      {...rest}
    />
  ));
  return (
    <Radio.Group
      key={field.key}
      id={field.id}
      name={field.name}
      defaultValue={(field.initialValue as string | undefined) ?? defaultValue}
      required={field.required}
      {...props}
      error={error}
    >
      {children(radios)}
    </Radio.Group>
  );
}
