import { Anchor, Box, Container, Grid, List, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import dataTable from "~/components/data-table.module.css";
import { PageHeader } from "~/components/page-header";
import { SUPPORT_EMAIL } from "~/features/contact/support";
import classes from "./privacy-page.module.css";

/** Sections in reading order; each key is also the section's anchor (`/privacy-policy#terms`). */
const SECTIONS = [
  "controller",
  "data",
  "cookies",
  "purposes",
  "legalBases",
  "sharing",
  "transfers",
  "retention",
  "security",
  "rights",
  "children",
  "changes",
  "contact",
  "terms",
] as const;

type ListItem = string | { term: string; text: string };

interface CookieRow {
  name: string;
  purpose: string;
  duration: string;
}

interface PolicySection {
  title: string;
  body: string[];
  list?: ListItem[];
  cookies?: { headers: CookieRow; rows: CookieRow[] };
}

/** A section read from the translations; null while the namespace is still loading in the browser. */
function policySection(value: unknown): PolicySection | null {
  if (typeof value !== "object" || value === null || !("title" in value) || !("body" in value)) return null;
  return value as PolicySection;
}

/** The privacy policy, followed by the terms and conditions, with a table of contents. */
export function PrivacyPage() {
  const { t } = useTranslation("privacy");
  const values = { email: SUPPORT_EMAIL };

  return (
    <>
      <PageHeader
        eyebrow={t("header.eyebrow")}
        title={t("header.title")}
        description={t("header.description")}
      >
        <Text size="sm" fw={600}>
          {t("header.updated")}
        </Text>
      </PageHeader>
      <Container size="lg" pb={{ base: 56, md: 96 }}>
        <Grid gap={{ base: "xl", md: 48 }}>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Box component="nav" aria-labelledby="privacy-toc" className={classes.toc}>
              <Text id="privacy-toc" fw={700} size="xs" tt="uppercase" c="dimmed" mb="sm">
                {t("toc")}
              </Text>
              <Box component="ol" className={classes.tocList}>
                {SECTIONS.map((key) => (
                  <li key={key}>
                    <Anchor href={`#${key}`} size="sm" className={classes.tocLink}>
                      {t(`sections.${key}.title`)}
                    </Anchor>
                  </li>
                ))}
              </Box>
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap={40}>
              {SECTIONS.map((key, index) => {
                const section = policySection(t(`sections.${key}`, { returnObjects: true, ...values }));
                if (!section) return null;
                return (
                  <Box
                    component="section"
                    key={key}
                    id={key}
                    aria-labelledby={`${key}-title`}
                    className={classes.section}
                  >
                    <Title order={2} size="h3" id={`${key}-title`} mb="sm">
                      <Text component="span" inherit c="dimmed" className={classes.number}>
                        {index + 1}.
                      </Text>
                      {section.title}
                    </Title>
                    <Stack gap="sm">
                      {section.body.map((paragraph) => (
                        <Text key={paragraph}>{paragraph}</Text>
                      ))}
                      {section.list && <PolicyList items={section.list} />}
                      {section.cookies && <CookieTable {...section.cookies} />}
                    </Stack>
                  </Box>
                );
              })}
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}

function PolicyList({ items }: { items: ListItem[] }) {
  return (
    <List spacing="xs" className={classes.list}>
      {items.map((item) =>
        typeof item === "string" ? (
          <List.Item key={item}>{item}</List.Item>
        ) : (
          <List.Item key={item.term}>
            <Text component="strong" fw={700} inherit>
              {item.term}
            </Text>{" "}
            {item.text}
          </List.Item>
        ),
      )}
    </List>
  );
}

function CookieTable({ headers, rows }: { headers: CookieRow; rows: CookieRow[] }) {
  return (
    <div className={dataTable.scroll}>
      <table className={`${dataTable.table} ${classes.table}`} data-spacing="sm" style={{ minWidth: 520 }}>
        <thead>
          <tr>
            <th>{headers.name}</th>
            <th>{headers.purpose}</th>
            <th>{headers.duration}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <td>
                <code dir="ltr">{row.name}</code>
              </td>
              <td>{row.purpose}</td>
              <td>{row.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
