import { Box, Button, Card, Container, Stack, Text, Title } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { SUPPORT_EMAIL } from "~/features/contact/support";
import { PLAN_CURRENCY, PLAN_MONTHLY_PRICES } from "~/features/payment/plans";
import { formatCurrency, getLanguageOption } from "~/lib/i18n/languages";
import classes from "./faqs-page.module.css";

/** Questions by topic, in the order they are shown; texts are in the `faqs` namespace. */
const FAQ_GROUPS = [
  { id: "accounts", questions: ["createAccount", "lawyerAccount", "deleteAccount"] },
  { id: "cases", questions: ["publishCase", "proposals", "accepting", "changeCase"] },
  { id: "privacy", questions: ["caseVisibility", "contactDetails"] },
  { id: "plans", questions: ["pricing", "changePlan"] },
  { id: "using", questions: ["languages", "slowConnections", "notifications", "assistant"] },
] as const;

/** The FAQs: a native `<details>` accordion, so every answer opens without JavaScript. */
export function FaqsPage() {
  const { t, i18n } = useTranslation("faqs");
  const lng = getLanguageOption(i18n.language).value;
  const values = {
    email: SUPPORT_EMAIL,
    starter: formatCurrency(lng, PLAN_MONTHLY_PRICES.starter, PLAN_CURRENCY),
    premium: formatCurrency(lng, PLAN_MONTHLY_PRICES.premium, PLAN_CURRENCY),
  };

  return (
    <>
      <PageHeader
        eyebrow={t("header.eyebrow")}
        title={t("header.title")}
        description={t("header.description")}
      />
      <Container size="md" pb={{ base: 56, md: 96 }}>
        <Stack gap={48}>
          {FAQ_GROUPS.map((group) => (
            <Box component="section" key={group.id} aria-labelledby={`faq-${group.id}`}>
              <Title order={2} size="h3" id={`faq-${group.id}`} mb="md">
                {t(`groups.${group.id}`)}
              </Title>
              {group.questions.map((question) => (
                <details key={question} className={classes.item} id={question}>
                  <summary className={classes.control}>
                    <span className={classes.label}>{t(`questions.${question}.question`)}</span>
                    <IconChevronDown size={18} className={classes.chevron} aria-hidden />
                  </summary>
                  <Text className={classes.panel}>{t(`questions.${question}.answer`, values)}</Text>
                </details>
              ))}
            </Box>
          ))}
          <Card radius="lg" padding="xl" className={classes.more}>
            <Stack align="center" ta="center" gap="sm">
              <Title order={2} size="h3">
                {t("more.title")}
              </Title>
              <Text maw={480}>{t("more.text")}</Text>
              <Button component={Link} to="/contact-us" mt="xs">
                {t("more.button")}
              </Button>
            </Stack>
          </Card>
        </Stack>
      </Container>
    </>
  );
}
