import type { TooltipProps } from "@mantine/core";
import { type RefObject, Suspense, useEffect, useState } from "react";
import { firstUseComponent } from "~/lib/first-use";

const Tooltip = firstUseComponent(() => import("./mantine-tooltip"), "Tooltip");

interface HoverTooltipProps extends Pick<TooltipProps, "label" | "disabled"> {
  /** The element the tooltip describes; it keeps its place in the page, unwrapped. */
  target: RefObject<HTMLElement | null>;
}

/**
 * A Mantine Tooltip shown while the mouse is on `target`, whose code the browser loads the first
 * time the mouse gets there rather than with the page. Tooltips are a mouse convenience: nothing
 * is rendered before that, on the server or for touch.
 */
export function HoverTooltip({ target, label, disabled }: HoverTooltipProps) {
  const [hovered, setHovered] = useState(false);
  const [everHovered, setEverHovered] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const enter = (event: PointerEvent) => {
      if (event.pointerType !== "mouse") return;
      setHovered(true);
      setEverHovered(true);
    };
    const leave = () => setHovered(false);
    element.addEventListener("pointerenter", enter);
    element.addEventListener("pointerleave", leave);
    return () => {
      element.removeEventListener("pointerenter", enter);
      element.removeEventListener("pointerleave", leave);
    };
  }, [target]);
  useEffect(() => {
    if (!hovered) return;
    // Dismissible without moving the mouse (WCAG 1.4.13), as Mantine's own tooltips are.
    const dismiss = (event: KeyboardEvent) => {
      if (event.key === "Escape") setHovered(false);
    };
    document.addEventListener("keydown", dismiss);
    return () => document.removeEventListener("keydown", dismiss);
  }, [hovered]);

  if (!everHovered) return null;
  return (
    <Suspense fallback={null}>
      <Tooltip target={target} label={label} disabled={disabled} opened={hovered} />
    </Suspense>
  );
}
