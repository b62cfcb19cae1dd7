import { useMounted } from "@mantine/hooks";
import type { MouseEvent } from "react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * A drawer or panel that opens from a link: `?panel=<name>`. Without JavaScript the link is
 * followed and the server renders the panel open; with JavaScript the click opens it in place.
 * `closeOnNavigate` closes it whenever the location changes (the mobile navigation).
 */
export function useUrlToggle(name: string, { closeOnNavigate = false } = {}) {
  const location = useLocation();
  const navigate = useNavigate();
  const mounted = useMounted();
  const params = new URLSearchParams(location.search);
  const inUrl = params.get("panel") === name;
  const [opened, setOpened] = useState(inUrl);

  const withPanel = new URLSearchParams(params);
  withPanel.set("panel", name);
  const withoutPanel = new URLSearchParams(params);
  withoutPanel.delete("panel");
  const openHref = `${location.pathname}?${withPanel}`;
  const closeQuery = withoutPanel.toString();
  const closeHref = `${location.pathname}${closeQuery ? `?${closeQuery}` : ""}${location.hash}`;

  const locationKey = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!closeOnNavigate) return;
    setOpened(new URLSearchParams(locationKey.split("?")[1] ?? "").get("panel") === name);
  }, [locationKey, closeOnNavigate, name]);

  const close = () => {
    setOpened(false);
    if (inUrl) navigate(closeHref, { replace: true, preventScrollReset: true });
  };

  return {
    opened: mounted ? opened : inUrl,
    open: () => setOpened(true),
    close,
    openLinkProps: {
      href: openHref,
      onClick: (event: MouseEvent) => {
        event.preventDefault();
        setOpened(true);
      },
    },
    closeLinkProps: {
      href: closeHref,
      onClick: (event: MouseEvent) => {
        event.preventDefault();
        close();
      },
    },
  };
}
