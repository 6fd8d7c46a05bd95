import * as v from "valibot";
import { derivedName } from "../../engine/core/filenames";
import { type UnlockResult, unlockPdf as unlockEngine } from "../../engine/tools/unlock-pdf";
import { AppError } from "../../errors";
import { parseWith } from "../../validation";
import { convertEach } from "./per-file";
import type { ConvertEndpoint, FailedFile, OutputFile } from "./types";

const MAX_PASSWORD_LENGTH = 1000;
const Password = v.pipe(
  v.string("Each password must be text."),
  v.maxLength(MAX_PASSWORD_LENGTH, `A password can be at most ${MAX_PASSWORD_LENGTH} characters long.`),
);
const Passwords = v.record(v.string(), Password, "passwords must map file names or positions to passwords.");

/** A password field as typed: spaces count, only an empty field means "none". */
function passwordField(form: FormData): string | undefined {
  const raw = form.get("password");
  if (typeof raw !== "string" || raw === "") return undefined;
  return parseWith(Password, raw);
}

/** `passwords`: a JSON object from a file's name, or its position ("0", "1"...), to its password. */
function passwordsField(form: FormData): Record<string, string> {
  const raw = form.get("passwords");
  if (typeof raw !== "string" || raw.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AppError("validation_failed", 'passwords must be a JSON object, such as {"report.pdf": "secret"}.');
  }
  return parseWith(Passwords, parsed);
}

function success(name: string, r: UnlockResult): OutputFile {
  const message = !r.decryption
    ? r.repaired
      ? `${name} had no password; its damaged structure has been repaired.`
      : `${name} had no password, so it is returned unchanged.`
    : r.decryption.via === "empty"
      ? `${name} opened without a password; its restrictions have been removed.`
      : `${name} unlocked: the password and restrictions have been removed.`;
  return {
    ok: true,
    bytes: r.bytes,
    fileName: r.decryption ? derivedName(name, "unlocked", ".pdf") : name,
    contentType: "application/pdf",
    originalName: name,
    status: "unlocked",
    message,
  };
}

function failure(name: string, err: AppError): FailedFile {
  const hint: Partial<Record<string, string>> = {
    password_incorrect: `Incorrect password for ${name}. Check the password and try again.`,
    password_required: `${name} is password-protected. Enter its password to unlock it.`,
  };
  return { ok: false, originalName: name, error: err.message, code: err.code, message: hint[err.code] ?? err.message };
}

/**
 * POST /api/convert/unlock-pdf: `files` (repeated), optional `password` (tried on every file),
 * optional `passwords` (JSON: file name or position -> password; wins over `password`, so a page
 * can retry one file). Each file succeeds or fails on its own; a wrong password fails that file.
 */
export const unlockPdf: ConvertEndpoint = {
  tool: "unlock-pdf",
  conversionType: "unlock-pdf",
  async run({ uploads, form, budget }) {
    const shared = passwordField(form);
    const perFile = passwordsField(form);
    const { outputs } = await convertEach(
      uploads,
      async (u, i) => {
        const password = perFile[String(i)] ?? perFile[u.name] ?? shared;
        const unlocked = success(u.name, await unlockEngine(u.bytes, { password, name: u.name, budget }));
        budget.check();
        return unlocked;
      },
      (u, err) => failure(u.name, err),
    );
    const done = outputs.filter((o) => o.ok).length;
    const message =
      done === outputs.length
        ? "PDF files unlocked successfully"
        : done === 0
          ? outputs.length === 1
            ? (outputs[0] as FailedFile).error
            : "None of the files could be unlocked"
          : `${done} of ${outputs.length} files unlocked`;
    return { outputs, message };
  },
};
