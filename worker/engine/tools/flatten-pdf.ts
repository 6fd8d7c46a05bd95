import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { flattenPdf } from "../pdf/flatten";
import { convertEach } from "./each-file";
import type { Tool } from "./types";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Flatten PDF: form fields and/or annotations become page content, file by file. */
export const flattenPdfTool: Tool<OptionsOf<"flatten-pdf">> = {
  tool: "flatten-pdf",
  conversionType: "flatten-pdf",
  async run(files, { forms, annotations }, budget) {
    const { outputs, errors } = await convertEach(files, async (f) => {
      const { bytes, report } = await flattenPdf(
        f.bytes,
        { forms, annotations },
        { name: f.name, password: f.password, budget },
      );
      const done = [
        forms ? `${plural(report.fields, "form field")}` : "",
        annotations ? `${plural(report.annotations, "annotation")}` : "",
      ].filter(Boolean);
      const left =
        report.left > 0 ? `; ${plural(report.left, "annotation")} without an appearance left as they were` : "";
      return {
        ok: true,
        bytes,
        fileName: derivedName(f.name, "flattened", ".pdf"),
        contentType: "application/pdf",
        originalName: f.name,
        message: `Flattened ${done.join(" and ")}${left}`,
        extra: { flattenedFields: report.fields, flattenedAnnotations: report.annotations },
      };
    });
    if (errors.length === outputs.length) throw errors[0];
    const message =
      errors.length === 0
        ? "Files processed successfully"
        : `${outputs.length - errors.length} of ${outputs.length} files flattened`;
    return { outputs, message };
  },
};
