// @vitest-environment jsdom
import { createInstance } from "i18next";
import type { ReactNode } from "react";
import { initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { renderOnServer } from "~/components/render-on-server.testing";
import workflows from "../../../../locales/en/workflows.json";
import { Section } from "./section";
import { StepRow } from "./step-row";

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: "en",
  ns: ["workflows"],
  resources: { en: { workflows } },
  initAsync: false,
});

const render = (content: ReactNode) => renderOnServer(content, i18n);

describe("the workflow pages' shared parts", () => {
  it("Section is a region named by its heading", () => {
    const doc = render(
      <Section headingId="steps-heading" title="Steps" data-testid="steps">
        <p>body</p>
      </Section>,
    );
    const section = doc.querySelector("section");
    expect(section?.getAttribute("aria-labelledby")).toBe("steps-heading");
    expect(section?.getAttribute("data-testid")).toBe("steps");
    expect(doc.getElementById("steps-heading")?.tagName).toBe("H2");
    expect(doc.getElementById("steps-heading")?.textContent).toBe("Steps");
    expect(section?.querySelector("p")?.textContent).toBe("body");
  });

  it("StepRow: number, title (a link where the step has a task), court badge, detail, role, then the page's cells", () => {
    const doc = render(
      <table>
        <tbody>
          <StepRow
            data-testid="workflow-step"
            data-state="overdue"
            position={3}
            title="File the petition"
            href="/dashboard/task_management/task_management?task=1"
            isCourtDeadline
            detail={<span>7 days after</span>}
            stepRole="client"
          >
            <td>due</td>
          </StepRow>
          <StepRow
            data-testid="template-step"
            position={4}
            title="Serve the other side"
            isCourtDeadline={false}
            detail={null}
            stepRole="lead"
          >
            <td>offset</td>
          </StepRow>
        </tbody>
      </table>,
    );
    const [withTask, plain] = [...doc.querySelectorAll("tr")];
    expect(withTask?.getAttribute("data-state")).toBe("overdue");
    const cells = [...(withTask?.querySelectorAll("td") ?? [])].map((cell) => cell.textContent);
    expect(cells).toEqual(["3", "File the petitionCourt deadline7 days after", "Client", "due"]);
    expect(withTask?.querySelector("a bdi")?.textContent).toBe("File the petition");
    expect(withTask?.querySelector("a")?.getAttribute("href")).toBe(
      "/dashboard/task_management/task_management?task=1",
    );
    expect(plain?.getAttribute("data-testid")).toBe("template-step");
    expect(plain?.querySelector("a")).toBeNull();
    expect([...(plain?.querySelectorAll("td") ?? [])].map((cell) => cell.textContent)).toEqual([
      "4",
      "Serve the other side",
      "Lead lawyer",
      "offset",
    ]);
  });
});
