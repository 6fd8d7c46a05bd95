import type { ConvertedFile } from "../../../schema/api";
import { useT } from "../../i18n/provider";
import { PartsResult } from "../parts-result";

/** The filled PDF, or a mail merge's ZIP. */
export function FillResult({ main, results }: { main: ConvertedFile; results: ConvertedFile[] }) {
  const t = useT("fill-form");
  const words = {
    zipTitle: t("result.zipTitle"),
    fileTitle: t("result.fileTitle"),
    partsHeading: t("result.partsHeading"),
    testId: "fill-file",
  };
  return <PartsResult main={main} results={results} words={words} />;
}
