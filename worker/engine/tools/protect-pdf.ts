import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { protectPdf } from "../pdf/crypto/protect";
import type { Tool } from "./types";

/** Protect PDF: AES-256 (PDF 2.0, revision 6) with the password, and the permissions chosen. */
export const protectPdfTool: Tool<OptionsOf<"protect-pdf">> = {
  tool: "protect-pdf",
  conversionType: "protect-pdf",
  async run(files, { password, allowPrinting, allowCopying, allowEditing }, budget) {
    const permissions = { printing: allowPrinting, copying: allowCopying, editing: allowEditing };
    const outputs = [];
    for (const f of files) {
      const bytes = await protectPdf(f.bytes, { password, permissions, name: f.name, budget });
      outputs.push({
        ok: true as const,
        bytes,
        fileName: derivedName(f.name, "protected", ".pdf"),
        contentType: "application/pdf",
        originalName: f.name,
        message: `${f.name} is protected with a password (AES-256)`,
      });
    }
    return { outputs, message: "PDF protected successfully" };
  },
};
