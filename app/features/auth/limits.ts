/**
 * Limits of the auth forms; the password minimum matches Auth's `minimum_password_length`. Apart
 * from the schemas, so that the pages show them without loading zod (ADR 0016).
 */
export const AUTH_LIMITS = { name: 100, email: 254, passwordMin: 6, passwordMax: 72 } as const;
