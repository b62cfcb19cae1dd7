import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Divider,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconCheck, IconClock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import {
  PLAN_CURRENCY,
  PLAN_IDS,
  PLAN_MONTHLY_PRICES,
  type PlanId,
  planTotal,
} from "~/features/payment/plans";
import { formatCurrency, getLanguageOption } from "~/lib/i18n/languages";
import classes from "./pricing-page.module.css";
import { translatedList } from "./translated-list";

/** The plan most people pick, highlighted on the page. */
const FEATURED_PLAN: PlanId = "starter";

/** The free plan starts with a sign-up; paid plans go to the checkout with the plan chosen. */
function planLink(plan: PlanId): string {
  return plan === "basic" ? "/auth/supabase/sign-up" : `/payment?plan=${plan}`;
}

/** The pricing page: three plans, what each includes, and how billing works. */
export function PricingPage() {
  const { t, i18n } = useTranslation("pricing");
  const lng = getLanguageOption(i18n.language).value;
  const price = (amount: number) => formatCurrency(lng, amount, PLAN_CURRENCY);

  return (
    <>
      <PageHeader
        eyebrow={t("header.eyebrow")}
        title={t("header.title")}
        description={t("header.description")}
      />
      <Container size="lg" pb={{ base: 56, md: 96 }}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" className={classes.plans}>
          {PLAN_IDS.map((plan) => {
            const featured = plan === FEATURED_PLAN;
            const monthly = PLAN_MONTHLY_PRICES[plan];
            const features = translatedList(t(`plans.${plan}.features`, { returnObjects: true }));
            const comingSoon = translatedList(t(`plans.${plan}.comingSoon`, { returnObjects: true }));
            return (
              <Card
                key={plan}
                withBorder
                radius="lg"
                padding="xl"
                className={classes.plan}
                data-featured={featured || undefined}
                component="section"
                aria-labelledby={`plan-${plan}`}
              >
                <Stack gap="md" h="100%">
                  <Box>
                    {featured && (
                      <Badge variant="filled" radius="sm" className={classes.badge}>
                        {t("featured")}
                      </Badge>
                    )}
                    <Title order={2} size="h3" id={`plan-${plan}`}>
                      {t(`plans.${plan}.name`)}
                    </Title>
                    <Text size="sm" c="dimmed" mt={4}>
                      {t(`plans.${plan}.tagline`)}
                    </Text>
                  </Box>
                  <Box>
                    <Text component="p" className={classes.price}>
                      {monthly === 0 ? t("free") : price(monthly)}
                      {monthly > 0 && (
                        <Text component="span" size="sm" c="dimmed" fw={500} className={classes.period}>
                          {t("perMonth")}
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed" mt={4}>
                      {monthly === 0
                        ? t("freeForever")
                        : t("yearly", { price: price(planTotal(plan, "yearly")) })}
                    </Text>
                  </Box>
                  <Divider />
                  <List
                    spacing="sm"
                    size="sm"
                    icon={
                      <ThemeIcon size={20} radius="xl" variant="light">
                        <IconCheck size={12} aria-hidden />
                      </ThemeIcon>
                    }
                  >
                    {features.map((feature) => (
                      <List.Item key={feature}>{feature}</List.Item>
                    ))}
                  </List>
                  {comingSoon.length > 0 && (
                    <Box data-coming-soon>
                      <Text size="sm" fw={600} c="dimmed" mb="xs">
                        {t("comingSoonList")}
                      </Text>
                      <List
                        spacing="sm"
                        size="sm"
                        c="dimmed"
                        icon={
                          <ThemeIcon size={20} radius="xl" variant="light" color="gray">
                            <IconClock size={12} aria-hidden />
                          </ThemeIcon>
                        }
                      >
                        {comingSoon.map((feature) => (
                          <List.Item key={feature}>{feature}</List.Item>
                        ))}
                      </List>
                    </Box>
                  )}
                  {/* Last in the card and pushed down: every plan's button sits on the same line. */}
                  <Button
                    component={Link}
                    to={planLink(plan)}
                    size="md"
                    mt="auto"
                    variant={featured ? "filled" : "default"}
                    aria-describedby={`plan-${plan}`}
                    className={classes.choose}
                  >
                    {t("choose")}
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>

        <Stack gap={6} align="center" ta="center" mt={48}>
          <Text size="sm" c="dimmed">
            {t("notes.currency")}
          </Text>
          <Text size="sm" c="dimmed">
            {t("notes.cancel")}
          </Text>
          <Group gap="md" justify="center">
            <Text size="sm">{t("notes.questions")}</Text>
            <Anchor component={Link} to="/faqs" size="sm">
              {t("notes.faqs")}
            </Anchor>
            <Anchor component={Link} to="/contact-us" size="sm">
              {t("notes.contact")}
            </Anchor>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
