import { useCspNonce } from "~/lib/csp-nonce";

/**
 * The forms' island (ADR 0023): a static page (ADR 0015) ships no JavaScript file, so what React's
 * `PendingForm` and Mantine's `PasswordInput` do on a hydrated page is done there by this inline
 * script, written right after the form:
 *
 * - a form sends once: the first submit marks it sent (`data-sent`, `aria-busy`), and a second one
 *   (a double click, Enter pressed twice) is dropped until the answer's page replaces this one. A
 *   page the browser brings back from its history (back button) is ready to send again.
 * - a password's show/hide toggle (`data-password-toggle`, the input's id) switches the input
 *   between hidden and shown text, and says so in `aria-pressed`; the focus stays in the field.
 *
 * Nothing else: the server validates, and its answer is the next page (ADR 0013).
 */
export function formIslandScript(): string {
  return `(()=>{const form=document.currentScript.previousElementSibling;const ready=()=>{delete form.dataset.sent;form.removeAttribute("aria-busy");};form.addEventListener("submit",(event)=>{if(form.dataset.sent!==undefined){event.preventDefault();return;}if(event.defaultPrevented)return;form.dataset.sent="";form.setAttribute("aria-busy","true");});window.addEventListener("pageshow",(event)=>{if(event.persisted)ready();});const toggleOf=(event)=>event.target instanceof Element?event.target.closest("[data-password-toggle]"):null;form.addEventListener("mousedown",(event)=>{if(toggleOf(event))event.preventDefault();});form.addEventListener("click",(event)=>{const toggle=toggleOf(event);if(!toggle)return;event.preventDefault();const input=document.getElementById(toggle.dataset.passwordToggle);if(!input)return;const show=input.type==="password";input.type=show?"text":"password";toggle.setAttribute("aria-pressed",String(show));});})();`;
}

/** The island's script element, with the response's CSP nonce; put it right after its form. */
export function FormIsland() {
  const nonce = useCspNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, no user input.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: formIslandScript() }} />;
}
