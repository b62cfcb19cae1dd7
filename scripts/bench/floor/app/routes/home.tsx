import { AppShell, Burger, Button, Text, Title } from "@mantine/core";
import { useState } from "react";

/** The floor: an AppShell with a header, a navbar that a burger opens on a phone, and a heading. */
export default function Home() {
  const [opened, setOpened] = useState(false);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !opened } }}
    >
      <AppShell.Header p="md">
        <Burger
          opened={opened}
          onClick={() => setOpened((open) => !open)}
          hiddenFrom="sm"
          size="sm"
          aria-label="Menu"
        />
      </AppShell.Header>
      <AppShell.Navbar p="md">
        <Text>Navigation</Text>
      </AppShell.Navbar>
      <AppShell.Main>
        <Title order={1}>A page with nothing but React and Mantine</Title>
        <Text mt="md">
          The floor the bench compares the app's pages with: same libraries, same build, no app.
        </Text>
        <Button mt="md" onClick={() => setOpened(true)}>
          Open
        </Button>
      </AppShell.Main>
    </AppShell>
  );
}
