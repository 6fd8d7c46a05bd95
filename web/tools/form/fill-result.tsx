import type { ConvertedFile } from "../../../schema/api";
import { PartsResult } from "../split-result";

const FILL_WORDS = {
  zipTitle: "Your PDFs are ready",
  fileTitle: "Your filled PDF is ready",
  partsHeading: "Or one PDF at a time",
  testId: "fill-file",
};

/** The filled PDF, or a mail merge's ZIP. */
export function FillResult({ main, results }: { main: ConvertedFile; results: ConvertedFile[] }) {
  return <PartsResult main={main} results={results} words={FILL_WORDS} />;
}
