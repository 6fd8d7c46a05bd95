import { derivedName } from "../../engine/core/filenames";
import { mergePdfs } from "../../engine/tools/merge-pdf";
import type { ConvertEndpoint } from "./types";

/** POST /api/convert/merge-pdf: all files in one request, merged in the order sent. */
export const mergePdf: ConvertEndpoint = {
  tool: "merge-pdf",
  conversionType: "merge-pdf",
  async run({ uploads, budget }) {
    const result = await mergePdfs(
      uploads.map((u) => ({ bytes: u.bytes, name: u.name })),
      { budget },
    );
    const first = uploads[0];
    return {
      outputs: [
        {
          ok: true,
          bytes: result.bytes,
          fileName: derivedName(first.name, "merged", ".pdf"),
          contentType: "application/pdf",
          originalName: first.name,
          message: `Merged ${uploads.length} files into ${result.pageCount} page${result.pageCount === 1 ? "" : "s"}`,
          extra: { pageCount: result.pageCount },
        },
      ],
      message: "Files processed successfully",
    };
  },
};
