import { type RefObject, useEffect, useRef } from "react";

/**
 * Focuses an element when the part of the page it starts is opened by a link (a `?panel=` that
 * replaces the link with a form): the link is gone, and the keyboard's place would fall back to
 * the top of the page. Only on opening, never on the page's first render, so a page that loads
 * with the part open keeps the browser's own focus.
 */
export function useFocusOnOpen<Target extends { focus(): void }>(opened: boolean): RefObject<Target | null> {
  const element = useRef<Target>(null);
  const was = useRef(opened);
  useEffect(() => {
    if (opened && !was.current) element.current?.focus();
    was.current = opened;
  }, [opened]);
  return element;
}
