import { Anchor, Button, Code, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import dataTable from "~/components/data-table.module.css";
import { PageTitle } from "~/components/page-title";
import { NEW_PARAMETER_FIELDS, type QueryParameter } from "../query-parameters";

function ParametersTable({ parameters }: { parameters: QueryParameter[] }) {
  const { t } = useTranslation("dashboard");
  return (
    <div className={dataTable.scroll}>
      <table className={dataTable.table} data-spacing="sm" data-striped data-hover style={{ minWidth: 320 }}>
        <thead>
          <tr>
            <th style={{ width: "35%" }}>{t("params.key")}</th>
            <th>{t("params.value")}</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map(({ key, value }, index) => (
            // Repeated keys are listed as they came, so the position is the identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <tr key={index}>
              <td style={{ overflowWrap: "anywhere" }}>
                <Code>{key}</Code>
              </td>
              <td style={{ overflowWrap: "anywhere" }}>
                {value === "" ? (
                  <Text span size="sm" c="dimmed" fs="italic">
                    {t("params.emptyValue")}
                  </Text>
                ) : (
                  value
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A GET form: the loader turns its two fields into one parameter, with or without JavaScript. */
function NewParameterForm({ path, parameters }: { path: string; parameters: QueryParameter[] }) {
  const { t } = useTranslation("dashboard");
  const { search } = useLocation();
  return (
    // Keyed by the query so the fields empty once the parameter has been added. A GET form sends
    // only its fields, so the current parameters ride along as hidden inputs.
    <Form method="get" action={path} key={search}>
      {parameters.map(({ key, value }, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
        <input key={index} type="hidden" name={key} value={value} />
      ))}
      <Group align="flex-end" gap="sm">
        <TextInput
          name={NEW_PARAMETER_FIELDS.key}
          label={t("params.add.key")}
          required
          maxLength={100}
          autoComplete="off"
          flex="1 1 12rem"
        />
        <TextInput
          name={NEW_PARAMETER_FIELDS.value}
          label={t("params.add.value")}
          maxLength={500}
          autoComplete="off"
          flex="2 1 16rem"
        />
        <Button type="submit" leftSection={<IconPlus size={18} aria-hidden />}>
          {t("params.add.submit")}
        </Button>
      </Group>
    </Form>
  );
}

/** The route path and the query parameters the page received, and a way to add one. */
export function ParamsPage({ path, parameters }: { path: string; parameters: QueryParameter[] }) {
  const { t } = useTranslation("dashboard");
  return (
    <Stack gap="lg">
      <PageTitle title={t("params.title")} description={t("params.description")} />
      <Paper withBorder radius="md" p="lg">
        <Text size="sm" c="dimmed" fw={500} mb={6}>
          {t("params.path")}
        </Text>
        <Code fz="sm" style={{ overflowWrap: "anywhere" }}>
          {path}
        </Code>
      </Paper>
      <Paper component="section" aria-labelledby="query-parameters" withBorder radius="md" p="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h5" id="query-parameters">
            {t("params.parameters")}
          </Title>
          {parameters.length > 0 ? (
            <Anchor component={Link} to={path} size="sm">
              {t("params.clear")}
            </Anchor>
          ) : null}
        </Group>
        {parameters.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("params.empty")}
          </Text>
        ) : (
          <ParametersTable parameters={parameters} />
        )}
      </Paper>
      <Paper component="section" aria-labelledby="new-parameter" withBorder radius="md" p="lg">
        <Title order={2} size="h5" id="new-parameter" mb="sm">
          {t("params.add.title")}
        </Title>
        <NewParameterForm path={path} parameters={parameters} />
      </Paper>
    </Stack>
  );
}
