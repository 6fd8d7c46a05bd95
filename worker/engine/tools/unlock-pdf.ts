import { type OptionsOf, passwordFor } from "../../../schema/options";
import type { EngineError } from "../core/errors";
import { derivedName } from "../core/filenames";
import { type UnlockResult, unlockPdf } from "../pdf/crypto/unlock";
import { convertEach } from "./each-file";
import type { Tool, ToolFailure, ToolOutput } from "./types";

function success(name: string, r: UnlockResult): ToolOutput {
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

function failure(name: string, err: EngineError): ToolFailure {
  const hint: Partial<Record<string, string>> = {
    password_incorrect: `Incorrect password for ${name}. Check the password and try again.`,
    password_required: `${name} is password-protected. Enter its password to unlock it.`,
  };
  // Unlock's answer keeps its short error beside the hint (the other tools say the hint's words).
  const short: Partial<Record<string, string>> = {
    password_incorrect: `Incorrect password for ${name}`,
    password_required: `Password required for ${name}`,
  };
  return {
    ok: false,
    originalName: name,
    error: short[err.code] ?? err.message,
    code: err.code,
    message: hint[err.code] ?? err.message,
  };
}

/**
 * Unlock PDF: `password` is tried on every file, `passwords` (a file's name or position to its
 * password) wins over it, so a page can retry one file. Each file succeeds or fails on its own; a
 * wrong password fails that file, and the answer is a success listing each file's outcome.
 */
export const unlockPdfTool: Tool<OptionsOf<"unlock-pdf">> = {
  tool: "unlock-pdf",
  conversionType: "unlock-pdf",
  async run(files, options, budget) {
    const { outputs } = await convertEach(
      files,
      async (f, i) => {
        const password = passwordFor(options, f.name, i);
        const unlocked = success(f.name, await unlockPdf(f.bytes, { password, name: f.name, budget }));
        budget.check();
        return unlocked;
      },
      (f, err) => failure(f.name, err),
    );
    const done = outputs.filter((o) => o.ok).length;
    const message =
      done === outputs.length
        ? "PDF files unlocked successfully"
        : done === 0
          ? outputs.length === 1
            ? (outputs[0] as ToolFailure).error
            : "None of the files could be unlocked"
          : `${done} of ${outputs.length} files unlocked`;
    return { outputs, message };
  },
};
