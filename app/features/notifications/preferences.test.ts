import { describe, expect, it } from "vitest";
import { defaultPreferenceGrid, preferenceField, preferencesFromForm } from "./preferences";

describe("notification preferences form", () => {
  it("defaults to in-app only", () => {
    expect(defaultPreferenceGrid().payment).toEqual({ in_app: true, email: false, sms: false });
  });

  it("reads every toggle: checked is on, missing is off, anything else ignored", () => {
    const form = new URLSearchParams();
    form.append(preferenceField("payment", "email"), "on");
    form.append(preferenceField("appointment", "in_app"), "on");
    form.append("payment.fax", "on");
    form.append("intent", "savePreferences");
    const grid = preferencesFromForm(form);
    expect(grid.payment).toEqual({ in_app: false, email: true, sms: false });
    expect(grid.appointment).toEqual({ in_app: true, email: false, sms: false });
    expect(grid.case_update).toEqual({ in_app: false, email: false, sms: false });
  });
});
