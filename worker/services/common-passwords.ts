import { COMMON_PASSWORDS } from "../data/common-passwords";

let common: Set<string> | null = null;

/**
 * Whether a password is among the 10,000 most common in public breaches (ASVS 5.0 asks that
 * they be refused), as typed or in lower case. One hash lookup, whatever the password.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split("\n"));
  return common.has(password) || common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most common passwords, so it is easy to guess. Please choose another.";
