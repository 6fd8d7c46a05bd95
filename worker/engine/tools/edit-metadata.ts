import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { editInfo } from "../pdf/info";
import type { Tool } from "./types";

/** Edit metadata: the fields given set (or, empty, removed), or everything removed. */
export const editMetadataTool: Tool<OptionsOf<"edit-metadata">> = {
  tool: "edit-metadata",
  conversionType: "edit-metadata",
  async run([file], { info, removeAll }, budget) {
    const r = await editInfo(file.bytes, { fields: info, removeAll, name: file.name, password: file.password, budget });
    return {
      outputs: [
        {
          ok: true,
          bytes: r.bytes,
          fileName: derivedName(file.name, removeAll ? "no-metadata" : "metadata", ".pdf"),
          contentType: "application/pdf",
          originalName: file.name,
          message: removeAll ? "All metadata removed" : "Metadata updated",
        },
      ],
      message: "Files processed successfully",
    };
  },
};
