import { MantineProvider } from "@mantine/core";
import type { i18n as I18n } from "i18next";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";

/**
 * For unit tests (in a jsdom environment): `ui` as the server renders it — what a browser without
 * JavaScript gets — inside a router (for links and forms), Mantine and the given i18next instance,
 * parsed into a document to query.
 */
export function renderOnServer(ui: ReactNode, i18n: I18n): Document {
  const Stub = createRoutesStub([{ path: "/", Component: () => ui }]);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <Stub />
      </MantineProvider>
    </I18nextProvider>,
  );
  return new DOMParser().parseFromString(html, "text/html");
}
