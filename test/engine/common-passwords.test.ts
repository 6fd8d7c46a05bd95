import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "../../worker/data/common-passwords";
import { isCommonPassword } from "../../worker/services/common-passwords";
import { COUNT, moduleText, topPasswords } from "../support/gen-common-passwords.mjs";

describe("the bundled list of common passwords", () => {
  it("is the top 10,000 of @zxcvbn-ts/language-common's ranked list, as generated", async () => {
    const list = topPasswords();
    expect(list).toHaveLength(COUNT);
    expect(COMMON_PASSWORDS.split("\n")).toEqual(list);
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(new URL("../../worker/data/common-passwords.ts", import.meta.url), "utf8")).toBe(
      moduleText(list),
    );
  });

  it("finds them as typed and in lower case, and nothing else", () => {
    for (const p of ["123456", "password", "qwerty", "Password", "PASSWORD", "letmein", "iloveyou"])
      expect(isCommonPassword(p), p).toBe(true);
    for (const p of ["correct horse battery", "Tr0ub4dor&3-x", "zq8-Lm2!pV"])
      expect(isCommonPassword(p), p).toBe(false);
  });
});
