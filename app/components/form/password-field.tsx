/**
 * The password field of the form kit (`fields.tsx`), in a module of its own: Mantine's
 * PasswordInput is 2 KiB (gzip) that only the account page and the auth pages use, and a field
 * every form page imports would put it into the dashboard's shared chunk (ADR 0024).
 */
import { getInputProps } from "@conform-to/react";
import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { type ConformOwned, controlProps, type FieldBase, useFieldError } from "./field-base";

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
