import { derivedName } from "../../engine/core/filenames";
import { type Permissions, protectPdf as protectEngine } from "../../engine/tools/protect-pdf";
import { AppError } from "../../errors";
import type { ConvertEndpoint } from "./types";

/** "true"/"false" (also on/off, 1/0, yes/no) from a form field; absent means allowed. */
function allowField(form: FormData, name: string): boolean {
  const raw = form.get(name);
  if (raw === null || raw === "") return true;
  const value = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  if (["true", "on", "1", "yes"].includes(value)) return true;
  if (["false", "off", "0", "no"].includes(value)) return false;
  throw new AppError("validation_failed", `${name} must be true or false.`);
}

/**
 * POST /api/convert/protect-pdf: `files` (one PDF), `password` (required, any length; the page
 * hints at 6 characters), and optional `allowPrinting`, `allowCopying`, `allowEditing`
 * ("true"/"false", each true when absent). Writes AES-256 (PDF 2.0, revision 6).
 */
export const protectPdf: ConvertEndpoint = {
  tool: "protect-pdf",
  conversionType: "protect-pdf",
  async run({ uploads, form, budget }) {
    const password = form.get("password");
    if (typeof password !== "string" || password.length === 0) {
      throw new AppError("validation_failed", "Please enter a password to protect your PDF");
    }
    const permissions: Permissions = {
      printing: allowField(form, "allowPrinting"),
      copying: allowField(form, "allowCopying"),
      editing: allowField(form, "allowEditing"),
    };
    const outputs = [];
    for (const u of uploads) {
      const bytes = await protectEngine(u.bytes, { password, permissions, name: u.name, budget });
      outputs.push({
        ok: true as const,
        bytes,
        fileName: derivedName(u.name, "protected", ".pdf"),
        contentType: "application/pdf",
        originalName: u.name,
        message: `${u.name} is protected with a password (AES-256)`,
      });
    }
    return { outputs, message: "PDF protected successfully" };
  },
};
