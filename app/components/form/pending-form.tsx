import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, type FormProps, useLocation, useNavigation } from "react-router";
import classes from "./pending-form.module.css";

/**
 * Whether a post of this page is on its way (its action running, or the page loading after it):
 * while it is, the page's forms wait for its answer rather than send another.
 */
export function usePostPending(): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" && navigation.formMethod !== undefined && navigation.formMethod !== "GET"
  );
}

/**
 * Disables every control inside it (submit buttons above all) while `pending`: a disabled
 * fieldset, which draws nothing of its own. For forms that are not a PendingForm (a fetcher's).
 */
export function PendingFieldset({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={pending} className={classes.fieldset} data-pending={pending || undefined}>
      {children}
    </fieldset>
  );
}

/**
 * React Router's `<Form>` for every form that posts: from the moment it is sent until its answer
 * is shown, all of its buttons are disabled (not only the one clicked), and a second submit of it
 * is dropped, so a double click sends one post. A form with buttons elsewhere (`form="id"`)
 * disables those with `usePostPending()`. Without JavaScript the browser posts each click: the
 * create forms carry an idempotency key for that (./idempotency.tsx).
 */
export function PendingForm({ onSubmit, children, ...props }: FormProps) {
  const postPending = usePostPending();
  const { key: locationKey } = useLocation();
  const [sent, setSent] = useState(false);
  const sentRef = useRef(false);
  // Sent until the post is answered: every navigation that ends, whatever its answer (a redirect,
  // the form's errors, a failure), commits a new location. React Router renders its states in a
  // transition, so a quick post may never be seen pending: that is not what ends this.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location's key is the trigger
  useEffect(() => {
    sentRef.current = false;
    setSent(false);
  }, [locationKey]);

  const isPost = (props.method ?? "get").toLowerCase() !== "get";
  if (!isPost) {
    return (
      <Form onSubmit={onSubmit} {...props}>
        {children}
      </Form>
    );
  }
  const handleSubmit: FormProps["onSubmit"] = (event) => {
    if (sentRef.current) {
      event.preventDefault();
      return;
    }
    onSubmit?.(event);
    // A form that its own handler stopped (e.g. Conform's validation) is not sent.
    if (event.defaultPrevented) return;
    sentRef.current = true;
    setSent(true);
  };
  return (
    <Form onSubmit={handleSubmit} {...props}>
      <PendingFieldset pending={sent || postPending}>{children}</PendingFieldset>
    </Form>
  );
}
