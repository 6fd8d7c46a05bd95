import type { ConvertedFile } from "../../../schema/api";
import { useT } from "../../i18n/provider";
import { PartsResult, type PartsWords } from "../parts-result";

/** Extract's one PDF, or split's ZIP first and then each page's own PDF. */
export function SplitResult({ results, resultUrl }: { results: ConvertedFile[]; resultUrl?: string }) {
  const t = useT("tool-shell");
  const main = results.find((r) => r.downloadUrl === resultUrl) ?? results[0];
  const words: PartsWords = {
    zipTitle: t("split.zipTitle"),
    fileTitle: t("split.fileTitle"),
    partsHeading: t("split.partsHeading"),
    testId: "split-file",
  };
  return <PartsResult main={main} results={results} words={words} />;
}
