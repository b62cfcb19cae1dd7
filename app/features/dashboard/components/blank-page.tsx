import { Box, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageTitle } from "~/components/page-title";
import classes from "./blank-page.module.css";

/** An empty page inside the dashboard shell: a title and an empty area to build in. */
export function BlankPage() {
  const { t } = useTranslation("dashboard");
  return (
    <Stack gap="lg" className={classes.page}>
      <PageTitle title={t("blank.title")} />
      <Box className={classes.area} />
    </Stack>
  );
}
