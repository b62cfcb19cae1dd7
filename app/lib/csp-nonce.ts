import { createContext, useContext } from "react";

/**
 * The CSP nonce of the document being rendered on the server, for inline scripts React Router
 * does not write itself (Mantine's colour-scheme script). Undefined in the browser, which never
 * needs it: the scripts have run by the time React hydrates.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
