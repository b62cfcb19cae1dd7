/** The address people write to for help, privacy requests and anything the forms do not cover. */
export const SUPPORT_EMAIL = "support@mylawyer.app";
