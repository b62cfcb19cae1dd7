/**
 * One way to set up a form on the client: Conform with the form's zod schema (the same one its
 * action parses with `parseForm`), validated on blur and then on input, with the schema's
 * constraints as HTML attributes, inside the one form element that posts (`PendingForm`). Without
 * JavaScript the action's reply (`lastResult`) shows the same messages.
 *
 *   const [form, fields] = useConformForm({ id: "contact", schema: contactSchema, lastResult });
 *   (useConformForm is in ./use-conform-form, so that lazy forms do not load zod with this module)
 *   <ConformForm form={form} ns="contact">
 *     <FormErrorAlert form={form} />
 *     <TextField field={fields.name} label={t("form.name")} />
 *   </ConformForm>
 *
 * On a page where nobody types at once (the auth pages), `useLazyConformForm` takes the schema as
 * a loader and its constraints as the server read them (`formConstraint`); zod and Conform's zod
 * adapter then load on the first focus, press or input in the form (ADR 0016). Until they are
 * here the form validates nothing in the browser and posts as it does without JavaScript.
 */
import type { Constraint } from "@conform-to/dom";
import {
  type FormMetadata,
  getFormProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Alert } from "@mantine/core";
import { createContext, type ReactNode, use, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FormProps } from "react-router";
import type { z } from "zod";
import { useStaticPage } from "~/lib/hydration";
import { FormIsland } from "./form-island";
import { PendingForm } from "./pending-form";
import type { validateWith } from "./zod-validation";

/** What an action answers a refused submission with (`submission.reply()`), as the form reads it. */
export type FormReply = SubmissionResult<string[]> | null | undefined;

// biome-ignore lint/suspicious/noExplicitAny: any form's metadata, whatever its fields
export type AnyFormMetadata = FormMetadata<any, string[]>;

/** A form's constraints as the route's loader read them from its schema (`formConstraint`). */
export type FormConstraint = Record<string, Constraint>;

/** A form's schema the browser loads on first use, and its constraints read by the server. */
type LazySchema<Schema> = {
  load: () => Promise<Schema>;
  /** `formConstraint(schema)` from the route's loader: the fields' HTML attributes. */
  constraint: Record<string, Constraint>;
};

type Validate = ReturnType<typeof validateWith>;

/** Browser: starts loading each mounted lazy form's validation, by form id. */
const lazyValidations = new Map<string, () => void>();

/** Starts loading the validation of the lazy form `formId`, if it is one (ConformForm's first-input handler). */
function loadFormValidation(formId: string): void {
  lazyValidations.get(formId)?.();
}

/**
 * `useConformForm` for a schema loaded on the first input into the form (`ConformForm` starts
 * it on focus, pointer down or input): for pages where nobody types at once (the auth pages).
 */
export function useLazyConformForm<Schema extends z.ZodType<Record<string, unknown>>>({
  schema,
  ...options
}: {
  id: string;
  schema: LazySchema<Schema>;
  lastResult?: FormReply;
  defaultValue?: Record<string, unknown>;
}) {
  return useFormValidatedBy(schema, options);
}

/**
 * Conform's `useForm`, validated by the schema once it and Conform's zod adapter are here
 * (`validation`: from the start, `useConformForm`). Until then nothing validates in the browser:
 * a blur asks for nothing (Conform would submit its validation intent) and a submission goes to
 * the action, which validates it as always.
 */
export function useFormValidatedBy<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: LazySchema<Schema>,
  {
    id,
    lastResult,
    defaultValue,
  }: { id: string; lastResult?: FormReply; defaultValue?: Record<string, unknown> },
  validation?: Validate,
) {
  type Input = z.input<Schema> & Record<string, unknown>;
  const [validate, setValidate] = useState<Validate | undefined>(() => validation);
  const { load } = schema;
  useEffect(() => {
    let started = false;
    let unmounted = false;
    const startLoading = () => {
      if (started) return;
      started = true;
      Promise.all([load(), import("./zod-validation")])
        .then(([loaded, { validateWith }]) => {
          if (!unmounted) setValidate(() => validateWith(loaded));
        })
        .catch((error: unknown) => console.error("The form's validation did not load", error));
    };
    if (!validation) lazyValidations.set(id, startLoading);
    return () => {
      unmounted = true;
      if (lazyValidations.get(id) === startLoading) lazyValidations.delete(id);
    };
  }, [id, load, validation]);
  return useForm<Input, z.output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue: defaultValue as Parameters<typeof useForm<Input>>[0]["defaultValue"],
    constraint: schema.constraint,
    shouldValidate: validate ? "onBlur" : "onSubmit",
    shouldRevalidate: validate ? "onInput" : "onSubmit",
    onValidate: validate
      ? ({ formData }) => validate(formData) as Submission<Input, string[], z.output<Schema>>
      : undefined,
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
 * errors in. On a static page (ADR 0015) the forms' island follows it: it sends once and works
 * the password toggles (ADR 0023).
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
  // A lazy form's validation loads on its first use (useLazyConformForm); others ignore this.
  const firstUse = () => loadFormValidation(form.id);
  const staticPage = useStaticPage();
  return (
    <FormNamespace value={ns}>
      <PendingForm
        method="post"
        {...getFormProps(form)}
        onFocus={firstUse}
        onPointerDown={firstUse}
        onInput={firstUse}
        {...props}
      >
        {children}
      </PendingForm>
      {staticPage ? <FormIsland /> : null}
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
