import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { signPdf } from "../pdf/sign";
import type { Tool } from "./types";

/** Sign PDF: the signature image placed where the person put it, with their name and the date; flattened. */
export const signPdfTool: Tool<OptionsOf<"sign-pdf">> = {
  tool: "sign-pdf",
  conversionType: "sign-pdf",
  async run([file], { signature, placements, signerName, date }, budget) {
    const result = await signPdf(file.bytes, {
      signature: { bytes: signature.bytes, name: signature.name, kind: signature.kind },
      placements,
      signerName,
      date,
      name: file.name,
      password: file.password,
      budget,
    });
    const pages = new Set(placements.map((p) => p.page)).size;
    return {
      outputs: [
        {
          ok: true,
          bytes: result.bytes,
          fileName: derivedName(file.name, "signed", ".pdf"),
          contentType: "application/pdf",
          originalName: file.name,
          message: `Signed on ${pages} page${pages === 1 ? "" : "s"}`,
          extra: { placements: result.placements },
        },
      ],
      message: "PDF signed successfully",
    };
  },
};
