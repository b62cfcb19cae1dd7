/**
 * What every field component of the form kit shares (`fields.tsx`, `password-field.tsx`): the
 * field's Conform metadata, its translated first error, and Conform's control props.
 */
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useFormErrorText } from "./conform";

// biome-ignore lint/suspicious/noExplicitAny: a field of any form, whatever its value's type
type AnyField = FieldMetadata<any, any, string[]>;

/** What Conform sets and a field component must not be given again. */
export type ConformOwned = "id" | "name" | "form" | "defaultValue" | "value" | "error" | "type" | "required";

export interface FieldBase {
  field: AnyField;
  label: ReactNode;
  description?: ReactNode;
}

/** The field's first error in the reader's language, or nothing while it is valid. */
export function useFieldError(field: AnyField): string | undefined {
  const text = useFormErrorText();
  const first = field.errors?.[0];
  return first ? text(first) : undefined;
}

/** Conform's control props without `key` (React wants it given, not spread) and its aria (Mantine's). */
export function controlProps<Props extends { key: string | undefined }>({ key: _key, ...props }: Props) {
  return props;
}
