/**
 * A job's files checked by their bytes, by the catalogue's rules (schema/tools.ts): how many, of
 * which types, how large, and whether each is what its name says. The rules and their words are
 * core/file-kind.ts's; here each problem becomes the one error both homes answer with.
 */
import type { ToolDef } from "../../../schema/tools";
import { EngineError, type EngineErrorCode } from "../core/errors";
import { checkFileRules, type FileProblemKind, SNIFF_BYTES } from "../core/file-kind";
import type { ToolFile } from "../tools/types";
import type { JobFile } from "./input";

export type FileRules = Pick<ToolDef, "accept">;
export type CountRules = Pick<ToolDef, "id" | "minFiles" | "maxFiles">;

const PROBLEM_CODE: Record<FileProblemKind, EngineErrorCode> = {
  type: "unsupported_file_type",
  size: "file_too_large",
  empty: "invalid_file",
  content: "invalid_file",
};

/** One file against a tool's types and a size limit; the messages are the spec's (section 5). */
export function checkFile(file: JobFile, rules: FileRules, limitBytes: number): ToolFile {
  const { bytes } = file;
  const verdict = checkFileRules(
    { name: file.name, type: file.type, size: bytes.byteLength, head: bytes.subarray(0, SNIFF_BYTES) },
    rules.accept,
    limitBytes,
  );
  if (!verdict.ok) {
    // params: what a page needs to say this in the visitor's language (web/i18n/errors.ts).
    const { kind, message, params } = verdict.problem;
    throw new EngineError(PROBLEM_CODE[kind], message, { fileName: verdict.name, ...(params ? { params } : {}) });
  }
  return { name: verdict.name, kind: verdict.kind, bytes };
}

/** How many files a tool takes, in the spec's words (merge's own sentence included). */
export function checkCount(count: number, tool: CountRules): void {
  if (count === 0) throw new EngineError("validation_failed", "No files selected");
  if (count < tool.minFiles) {
    throw new EngineError(
      "validation_failed",
      tool.id === "merge-pdf"
        ? "At least 2 files required for merging"
        : `At least ${tool.minFiles} files are required`,
    );
  }
  if (count > tool.maxFiles) {
    throw new EngineError(
      "validation_failed",
      tool.maxFiles === 1
        ? "Please upload one file at a time."
        : `You can upload at most ${tool.maxFiles} files at once.`,
    );
  }
}

/** The files of a job: their count, then each in turn, in the order a person is told. */
export function checkFiles(files: readonly JobFile[], tool: FileRules & CountRules, limitBytes: number): ToolFile[] {
  checkCount(files.length, tool);
  return files.map((f) => checkFile(f, tool, limitBytes));
}
