import {
  DEFAULT_PREFERENCE,
  NOTIFICATION_MEDIA,
  NOTIFICATION_TYPES,
  type NotificationMedium,
  type NotificationType,
} from "./notifications";

/** Whether each notification type reaches the person on each medium. */
export type PreferenceGrid = Record<NotificationType, Record<NotificationMedium, boolean>>;

export function defaultPreferenceGrid(): PreferenceGrid {
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, { ...DEFAULT_PREFERENCE }]),
  ) as PreferenceGrid;
}

/** The form field of one toggle: a checkbox named `<type>.<medium>`. */
export function preferenceField(type: NotificationType, medium: NotificationMedium): string {
  return `${type}.${medium}`;
}

/**
 * The grid a preferences form posted: every toggle at once, a checked box is on and a missing
 * one off (that is how checkboxes post). Fields that are not toggles are ignored.
 */
export function preferencesFromForm(form: FormData | URLSearchParams): PreferenceGrid {
  const grid = defaultPreferenceGrid();
  for (const type of NOTIFICATION_TYPES) {
    for (const medium of NOTIFICATION_MEDIA)
      grid[type][medium] = form.get(preferenceField(type, medium)) === "on";
  }
  return grid;
}
