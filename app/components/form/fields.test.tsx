// @vitest-environment jsdom
import { createInstance } from "i18next";
import { initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderOnServer } from "../render-on-server.testing";
import { ConformForm, FormErrorAlert, type FormReply } from "./conform";
import { RadioGroupField, SelectField, TextareaField, TextField } from "./fields";
import { PasswordField } from "./password-field";
import { useConformForm } from "./use-conform-form";

const schema = z.object({
  title: z.string({ error: "errors.titleRequired" }).max(40, "errors.titleTooLong"),
  secret: z.string({ error: "errors.secretRequired" }).min(8, "errors.secretTooShort"),
  notes: z.string().max(200).optional(),
  email: z.string().optional(),
  colour: z.enum(["red", "blue"], { error: "errors.colourRequired" }),
  size: z.enum(["small", "large"], { error: "errors.sizeRequired" }),
});

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: "fr",
  ns: ["demo"],
  resources: {
    fr: {
      demo: {
        "errors.titleRequired": "Le titre est obligatoire",
        "errors.secretRequired": "Le secret est obligatoire",
        "errors.colourRequired": "Choisissez une couleur",
        "errors.sizeRequired": "Choisissez une taille",
        "errors.saveFailed": "Enregistrement impossible ({{reason}})",
      },
    },
  },
  initAsync: false,
});

function DemoForm({ lastResult }: { lastResult?: FormReply }) {
  const [form, fields] = useConformForm({
    id: "demo",
    schema,
    lastResult,
    defaultValue: { title: "Hello", size: "large" },
  });
  return (
    <ConformForm form={form} ns="demo">
      <FormErrorAlert form={form} values={{ reason: "409" }} />
      <TextField field={fields.title} label="Title" description="A few words" />
      <PasswordField field={fields.secret} label="Secret" />
      <TextareaField field={fields.notes} label="Notes" />
      <TextField field={fields.email} type="email" label="E-mail" />
      <SelectField field={fields.colour} label="Colour" data={["", "red", "blue"]} />
      <RadioGroupField
        field={fields.size}
        label="Size"
        options={[
          { value: "small", label: "Small" },
          { value: "large", label: "Large" },
        ]}
      >
        {(radios) => <div>{radios}</div>}
      </RadioGroupField>
    </ConformForm>
  );
}

/** The form as the server renders it (what a browser without JavaScript gets). */
function render(lastResult?: FormReply): Document {
  return renderOnServer(<DemoForm lastResult={lastResult} />, i18n);
}

/** The element an input's `aria-describedby` points at, by id. */
function describedBy(doc: Document, input: Element): string[] {
  return (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => doc.getElementById(id)?.textContent ?? `missing #${id}`);
}

const refused: FormReply = {
  status: "error",
  initialValue: { title: "", secret: "abc", size: "" },
  error: {
    "": ["errors.saveFailed"],
    title: ["errors.titleRequired"],
    secret: ["errors.secretRequired"],
    colour: ["errors.colourRequired"],
    size: ["errors.sizeRequired"],
  },
};

describe("form fields", () => {
  it("render native, labelled controls with Conform's name, default value and required", () => {
    const doc = render();
    const title = doc.querySelector("input[name=title]");
    expect(title?.getAttribute("type")).toBe("text");
    expect(title?.getAttribute("value")).toBe("Hello");
    expect(title?.hasAttribute("required")).toBe(true);
    expect(title?.getAttribute("form")).toBe("demo");
    expect(doc.querySelector(`label[for="${title?.id}"]`)?.textContent).toContain("Title");
    expect(doc.querySelector("input[name=secret]")?.getAttribute("type")).toBe("password");
    expect(doc.querySelector("input[name=secret]")?.hasAttribute("required")).toBe(true);
    expect(doc.querySelector("textarea[name=notes]")?.hasAttribute("required")).toBe(false);
    expect(doc.querySelector("select[name=colour]")).not.toBeNull();
    // An address reads left to right in an Arabic page too; a title follows the page.
    expect(doc.querySelector("input[name=email]")?.closest("[dir]")?.getAttribute("dir")).toBe("ltr");
    expect(title?.closest("[dir]")).toBeNull();
    expect(doc.querySelector("input[type=radio][name=size][value=large]")?.hasAttribute("checked")).toBe(
      true,
    );
    expect(doc.querySelector("input[type=radio][name=size][value=small]")?.hasAttribute("checked")).toBe(
      false,
    );
  });

  it("draw a choice as the browser's radios, each labelled by its option, in a group labelled by the field", () => {
    const doc = render();
    const group = doc.querySelector("[role=radiogroup]") as Element;
    const labelledBy = group.getAttribute("aria-labelledby") ?? "";
    expect(doc.getElementById(labelledBy)?.textContent).toContain("Size");
    const radios = [...group.querySelectorAll("input[type=radio][name=size]")];
    expect(radios.map((radio) => doc.querySelector(`label[for="${radio.id}"]`)?.textContent)).toEqual([
      "Small",
      "Large",
    ]);
    expect(new Set(radios.map((radio) => radio.id)).size).toBe(2);
    // Mantine's Radio (its script) is not what draws them.
    expect(group.querySelector(".mantine-Radio-root")).toBeNull();
  });

  it("are valid and described only by their description while there is no error", () => {
    const doc = render();
    const title = doc.querySelector("input[name=title]") as Element;
    expect(title.hasAttribute("aria-invalid")).toBe(false);
    expect(describedBy(doc, title)).toEqual(["A few words"]);
    expect(doc.querySelector("[role=alert]")).toBeNull();
  });

  it("show the action's errors translated, mark the control invalid and describe it by the error", () => {
    const doc = render(refused);
    const title = doc.querySelector("input[name=title]") as Element;
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(doc, title)).toEqual(["Le titre est obligatoire", "A few words"]);

    const secret = doc.querySelector("input[name=secret]") as Element;
    expect(secret.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(doc, secret)).toEqual(["Le secret est obligatoire"]);
    // What the person typed comes back with the errors (without JavaScript, the page is new).
    expect(secret.getAttribute("value")).toBe("abc");

    const colour = doc.querySelector("select[name=colour]") as Element;
    expect(colour.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(doc, colour)).toEqual(["Choisissez une couleur"]);

    for (const radio of doc.querySelectorAll("input[type=radio][name=size]")) {
      expect(radio.getAttribute("aria-invalid")).toBe("true");
      expect(describedBy(doc, radio)).toEqual(["Choisissez une taille"]);
    }
    expect(doc.querySelector("[role=radiogroup]")).not.toBeNull();
  });

  it("show the form's own error at the top, with its placeholders filled", () => {
    const alert = render(refused).querySelector("[role=alert]");
    expect(alert?.textContent).toBe("Enregistrement impossible (409)");
  });
});
