import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./compact-layout.module.css";
import { SlimHeader } from "./slim-header";

/** The compact layout (coming soon, maintenance, error pages, auth): a slim header and one 448 px column. */
export function CompactLayout({ children }: { children: ReactNode }) {
  return (
    <Box className={classes.root}>
      <SlimHeader />
      <Box component="main" id="main" className={classes.main}>
        <Box className={classes.content}>{children}</Box>
      </Box>
    </Box>
  );
}
