/**
 * Glue between Conform's field helpers and Mantine's inputs, shared by every form.
 */

/** Conform's control props without `key`, which React wants given directly rather than spread. */
export function withoutKey<Props extends { key: string | undefined }>({
  key: _key,
  ...props
}: Props): Omit<Props, "key"> {
  return props;
}
