/**
 * One way to set up a form on the client: Conform with the form's zod schema (the same one its
 * action parses with `parseForm`), validated on blur and then on input, with the schema's
 * constraints as HTML attributes, inside the one form element that posts (`PendingForm`). Without
 * JavaScript the action's reply (`lastResult`) shows the same messages.
 *
 *   const [form, fields] = useConformForm({ id: "contact", schema: contactSchema, lastResult });
 *   <ConformForm form={form} ns="contact">
 *     <FormErrorAlert form={form} />
 *     <TextField field={fields.name} label={t("form.name")} />
 *   </ConformForm>
 */
import { type FormMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Alert } from "@mantine/core";
import { createContext, type ReactNode, use } from "react";
import { useTranslation } from "react-i18next";
import type { FormProps } from "react-router";
import type { z } from "zod";
import { PendingForm } from "./pending-form";

/** What an action answers a refused submission with (`submission.reply()`), as the form reads it. */
export type FormReply = SubmissionResult<string[]> | null | undefined;

// biome-ignore lint/suspicious/noExplicitAny: any form's metadata, whatever its fields
export type AnyFormMetadata = FormMetadata<any, string[]>;

/**
 * Conform's `useForm` for a zod schema, set up the same for every form of the app. `defaultValue`
 * is what the loader read (its keys are the schema's fields).
 */
export function useConformForm<Schema extends z.ZodType<Record<string, unknown>>>({
  id,
  schema,
  lastResult,
  defaultValue,
}: {
  id: string;
  schema: Schema;
  lastResult?: FormReply;
  defaultValue?: Record<string, unknown>;
}) {
  type Input = z.input<Schema> & Record<string, unknown>;
  return useForm<Input, z.output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue: defaultValue as Parameters<typeof useForm<Input>>[0]["defaultValue"],
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** The i18next namespace a form's error keys are in (the schema's messages are keys). */
const FormNamespace = createContext<string | undefined>(undefined);

/** Translates an error key in the namespace of the form around it. */
export function useFormErrorText(): (key: string, values?: Record<string, unknown>) => string {
  const { t } = useTranslation(use(FormNamespace));
  return (key, values) => t(key, values ?? {});
}

/**
 * The form element of a Conform form: a `PendingForm` posting to the route's action, with
 * Conform's id, `noValidate` and submit handler, and the namespace its fields translate their
 * errors in.
 */
export function ConformForm({
  form,
  ns,
  children,
  ...props
}: {
  form: AnyFormMetadata;
  /** The i18next namespace of the schema's error keys. */
  ns: string;
  children: ReactNode;
} & Omit<FormProps, "id" | "method" | "noValidate" | "onSubmit">) {
  return (
    <FormNamespace value={ns}>
      <PendingForm method="post" {...getFormProps(form)} {...props}>
        {children}
      </PendingForm>
    </FormNamespace>
  );
}

/**
 * The form's own errors (not a field's: the database's refusal, a stale form), announced, at the
 * top of the form. `errors` adds those of a field without an input of its own (a submit button's
 * `intent`); `values` fills the message's placeholders.
 */
export function FormErrorAlert({
  form,
  errors,
  values,
}: {
  form: AnyFormMetadata;
  errors?: string[];
  values?: Record<string, unknown>;
}) {
  const text = useFormErrorText();
  const first = form.errors?.[0] ?? errors?.[0];
  if (!first) return null;
  return (
    <Alert id={form.errorId} variant="light" color="red" radius="md" role="alert">
      {text(first, values)}
    </Alert>
  );
}
