import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconCircleCheck,
  IconClock,
  IconHelpCircle,
  IconMail,
  IconSend,
  IconShieldLock,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { ConformForm, FormErrorAlert, type FormReply } from "~/components/form/conform";
import { TextareaField, TextField } from "~/components/form/fields";
import { useConformForm } from "~/components/form/use-conform-form";
import { PageHeader } from "~/components/page-header";
import { CONTACT_LIMITS, contactSchema } from "../schemas";
import { SUPPORT_EMAIL } from "../support";
import classes from "./contact-page.module.css";

/** Who wrote, echoed back once the message has been accepted. */
interface ContactSender {
  name: string;
  email: string;
}

interface ContactPageProps {
  /** The action's reply to an invalid submission. */
  lastResult?: FormReply;
  /** Set once a valid message has been accepted. */
  sender?: ContactSender;
}

/** The contact page: how to reach MyLawyer, and a form that works with or without JavaScript. */
export function ContactPage({ lastResult, sender }: ContactPageProps) {
  const { t } = useTranslation("contact");
  return (
    <>
      <PageHeader
        eyebrow={t("header.eyebrow")}
        title={t("header.title")}
        description={t("header.description")}
      />
      <Container size="lg" pb={{ base: 56, md: 96 }}>
        <Grid gap={{ base: "lg", md: 40 }}>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 2, md: 1 }}>
            <ContactDetails />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 1, md: 2 }}>
            <Card withBorder radius="lg" padding="xl">
              {sender ? <ContactConfirmation sender={sender} /> : <ContactForm lastResult={lastResult} />}
            </Card>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}

function ContactForm({ lastResult }: { lastResult?: FormReply }) {
  const { t } = useTranslation("contact");
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useConformForm({ id: "contact", schema: contactSchema, lastResult });

  return (
    <ConformForm form={form} ns="contact">
      <Stack gap="md">
        <FormErrorAlert form={form} values={{ email: SUPPORT_EMAIL }} />
        <Box>
          <Title order={2} size="h3">
            {t("form.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t("form.intro")}
          </Text>
        </Box>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField
            field={fields.name}
            maxLength={CONTACT_LIMITS.name}
            label={t("form.name")}
            autoComplete="name"
          />
          <TextField
            field={fields.email}
            type="email"
            maxLength={CONTACT_LIMITS.email}
            label={t("form.email")}
            autoComplete="email"
          />
        </SimpleGrid>
        <TextField field={fields.subject} maxLength={CONTACT_LIMITS.subject} label={t("form.subject")} />
        <TextareaField
          field={fields.message}
          maxLength={CONTACT_LIMITS.messageMax}
          label={t("form.message")}
          description={t("form.messageHint", {
            min: CONTACT_LIMITS.messageMin,
            max: CONTACT_LIMITS.messageMax,
          })}
          rows={6}
          resize="vertical"
        />
        <Text size="xs" c="dimmed">
          {t("form.privacy")}{" "}
          <Anchor component={Link} to="/privacy-policy" size="xs" underline="always">
            {t("form.privacyLink")}
          </Anchor>
        </Text>
        <Group justify="flex-end">
          <Button
            type="submit"
            size="md"
            loading={submitting}
            rightSection={<IconSend size={18} className={classes.flip} />}
          >
            {t("form.submit")}
          </Button>
        </Group>
      </Stack>
    </ConformForm>
  );
}

function ContactConfirmation({ sender }: { sender: ContactSender }) {
  const { t } = useTranslation("contact");
  return (
    <Stack gap="lg">
      <Alert variant="light" color="teal" radius="md" title={t("success.title")} icon={<IconCircleCheck />}>
        {t("success.text", { name: sender.name, email: sender.email })}
      </Alert>
      <Group>
        <Button component={Link} to="/contact-us" variant="default">
          {t("success.another")}
        </Button>
        <Button component={Link} to="/faqs" variant="subtle">
          {t("success.faqs")}
        </Button>
      </Group>
    </Stack>
  );
}

function ContactDetails() {
  const { t } = useTranslation("contact");
  return (
    <Stack gap="lg">
      <DetailItem icon={<IconMail size={22} />} title={t("details.email.title")}>
        <Text size="sm" c="dimmed">
          {t("details.email.text")}
        </Text>
        <Anchor href={`mailto:${SUPPORT_EMAIL}`} fw={600} size="sm">
          {SUPPORT_EMAIL}
        </Anchor>
      </DetailItem>
      <DetailItem icon={<IconClock size={22} />} title={t("details.response.title")}>
        <Text size="sm" c="dimmed">
          {t("details.response.text")}
        </Text>
      </DetailItem>
      <DetailItem icon={<IconHelpCircle size={22} />} title={t("details.faqs.title")}>
        <Text size="sm" c="dimmed">
          {t("details.faqs.text")}
        </Text>
        <Anchor component={Link} to="/faqs" fw={600} size="sm">
          {t("details.faqs.link")}
        </Anchor>
      </DetailItem>
      <DetailItem icon={<IconShieldLock size={22} />} title={t("details.privacy.title")}>
        <Text size="sm" c="dimmed">
          {t("details.privacy.text")}
        </Text>
        <Anchor component={Link} to="/privacy-policy" fw={600} size="sm">
          {t("details.privacy.link")}
        </Anchor>
      </DetailItem>
    </Stack>
  );
}

function DetailItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={4}>
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Group>
  );
}
