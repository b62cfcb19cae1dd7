import { useMergedRef } from "@mantine/hooks";
import type { Ref, RefCallback } from "react";

/**
 * `useMergeRefs` of `@floating-ui/react`, the one thing Mantine's ScrollArea (and so Table and
 * Modal) imports from it, over Mantine's own `useMergedRef`. The build gives it to ScrollArea
 * instead of floating-ui (`scrollAreaWithoutFloatingUi` in vite.config.ts): floating-ui is one
 * module shared with the Popover, Menu, Combobox and Tooltip that load on first use, so importing
 * one helper from it brought all of it (15.5 KiB gzip) into every page with a table (ADR 0019).
 */
export function useMergeRefs<Instance>(
  refs: ReadonlyArray<Ref<Instance> | undefined>,
): RefCallback<Instance> {
  return useMergedRef<Instance>(...refs);
}
