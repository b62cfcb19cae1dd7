import { Badge, Box, Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./page-header.module.css";

interface PageHeaderProps {
  eyebrow: string;
  title: string;
  description: ReactNode;
  children?: ReactNode;
}

/** The band at the top of a public content page: a small label, the page title and an introduction. */
export function PageHeader({ eyebrow, title, description, children }: PageHeaderProps) {
  return (
    <Box className={classes.header}>
      <Container size="lg" py={{ base: 48, md: 80 }}>
        <Stack align="center" gap="md" ta="center">
          <Badge variant="light" size="lg" radius="sm">
            {eyebrow}
          </Badge>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          <Text size="lg" c="dimmed" maw={680}>
            {description}
          </Text>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
