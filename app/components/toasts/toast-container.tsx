import { Notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { toastContainerMounted } from "./toasts";

export { notifications } from "@mantine/notifications";

/** Mantine's notifications container, as the app shows toasts (spec §8), loaded with the first toast. */
export function ToastContainer() {
  useEffect(() => toastContainerMounted(), []);
  return (
    <Notifications
      position="top-right"
      autoClose={4000}
      limit={4}
      containerWidth={300}
      notificationMaxHeight={200}
      zIndex={1000}
    />
  );
}
