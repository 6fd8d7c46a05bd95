import { Text } from "@chakra-ui/react";
import { parsePageRanges } from "../../../schema/options";
import { useT } from "../../i18n/provider";
import { PagePicker } from "../page-picker";
import { usePdfDocument } from "../pdf-preview";

/** "1, 2, 3, 5, 7, 8" -> "1-3, 5, 7-8": the picked pages as the typed field shows them. */
export function pageRanges(pages: Iterable<number>): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(", ");
}

/**
 * Rotate's pages as previews to pick, as split's page picker shows them: the picked pages and the
 * typed field ("1,3-5") are one choice, each kept in step with the other.
 */
export function RotatePages({
  file,
  password,
  pages,
  onPages,
}: {
  file: File;
  password?: string;
  /** The typed field's text. */
  pages: string;
  onPages(text: string): void;
}) {
  const t = useT("rotate-pdf");
  const { doc, failed } = usePdfDocument(file, password);
  const count = doc?.numPages ?? 0;
  if (failed) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t("previewFailed")}
      </Text>
    );
  }
  if (count === 0) return null;
  const parsed = pages.trim() ? parsePageRanges(pages, count) : { pages: [] };
  const chosen = new Set("pages" in parsed ? parsed.pages : []);
  const list = Array.from({ length: count }, (_, i) => ({ pageNumber: i + 1, selected: chosen.has(i + 1) }));
  return (
    <PagePicker
      pages={list}
      doc={doc}
      onToggle={(n) => {
        const next = new Set(chosen);
        if (next.has(n)) next.delete(n);
        else next.add(n);
        onPages(pageRanges(next));
      }}
      onSelectAll={() => onPages(count === 1 ? "1" : `1-${count}`)}
      onDeselectAll={() => onPages("")}
    />
  );
}
