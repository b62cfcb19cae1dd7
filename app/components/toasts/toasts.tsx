import { randomId } from "@mantine/hooks";
import type { NotificationData } from "@mantine/notifications";
import { lazy, Suspense, useSyncExternalStore } from "react";

const loadToastContainer = () => import("./toast-container");
const ToastContainer = lazy(async () => ({ default: (await loadToastContainer()).ToastContainer }));

let containerWanted = false;
const listeners = new Set<() => void>();

function wantContainer() {
  if (containerWanted) return;
  containerWanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the container once it is on the page: toasts sent before then wait for it. */
export function toastContainerMounted() {
  markMounted();
}

type Notifications = Awaited<ReturnType<typeof loadToastContainer>>["notifications"];
/** Toast operations run one after the other, once the container is mounted: an update never overtakes its show. */
let queue: Promise<unknown> = Promise.resolve();
function enqueue(operation: (notifications: Notifications) => void) {
  queue = queue
    .then(() => Promise.all([loadToastContainer(), mounted]))
    .then(([{ notifications }]) => operation(notifications))
    .catch((error: unknown) => console.error("Toasts are unavailable", error));
}

/**
 * Shows a toast (spec §8) and returns its id, like Mantine's `notifications.show`; the toasts'
 * code loads with the first one, so pages that show none never download it.
 */
export function showToast(toast: NotificationData): string {
  const id = toast.id ?? randomId();
  wantContainer();
  enqueue((notifications) => notifications.show({ ...toast, id }));
  return id;
}

/** Changes a toast shown by `showToast`, like Mantine's `notifications.update`. */
export function updateToast(toast: NotificationData & { id: string }): void {
  enqueue((notifications) => notifications.update(toast));
}

/** Where the toasts appear: rendered from the first `showToast` on, and never on the server. */
export function Toasts() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => containerWanted,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
