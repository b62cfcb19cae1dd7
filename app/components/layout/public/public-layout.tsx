import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { HomeFooter, SimpleFooter } from "./public-footer";
import { PublicHeader } from "./public-header";

/** Header, page and footer of the public site; the home page gets the full footer (spec §1). */
export function PublicLayout({ children, signedIn }: { children: ReactNode; signedIn: boolean }) {
  const { pathname } = useLocation();
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <PublicHeader signedIn={signedIn} />
      <Box component="main" id="main" style={{ flex: 1 }}>
        {children}
      </Box>
      {pathname === "/" ? <HomeFooter /> : <SimpleFooter />}
    </Box>
  );
}
