import { Box, Button, chakra, Field, Flex, HStack, Icon, Input, SimpleGrid, Text } from "@chakra-ui/react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useState } from "react";
import { LuCheck } from "react-icons/lu";
import { parsePageRanges, TOO_MANY_PAGES } from "../../schema/options";
import { type Translate, useT } from "../i18n/provider";
import { PageThumbnail } from "./page-thumbnail";

export interface PagePickerProps {
  pages: { pageNumber: number; selected: boolean }[];
  doc: PDFDocumentProxy | null;
  previewFailed?: boolean;
  disabled?: boolean;
  onToggle(pageNumber: number): void;
  onSelectAll(): void;
  onDeselectAll(): void;
  /** Typed ranges ("1-3, 8, 10-") select exactly those pages. */
  onSelectPages?(pages: number[]): void;
}

/**
 * parsePageRanges' sentence (schema/options.ts, English, shared with the API) in the page's
 * language: each of its sentences has a key; one it does not know stays as written.
 */
export function rangeErrorText(error: string, t: Translate<"tool-shell">): string {
  if (error === "Enter the pages, for example 1,3-5.") return t("ranges.empty");
  if (error === "Pages are numbered from 1.") return t("ranges.fromOne");
  if (error === TOO_MANY_PAGES) return t("ranges.tooMany");
  let m = /^"(.*)" is not a page or a range like 3-5\.$/.exec(error);
  if (m) return t("ranges.notRange", { part: m[1] });
  m = /^"(.*)" needs an end page, like (\d+)-(\d+)\.$/.exec(error);
  if (m) return t("ranges.needsEnd", { part: m[1], from: m[2], to: m[3] });
  m = /^The range (.*) runs backwards; write it as (\d+)-(\d+)\.$/.exec(error);
  if (m) return t("ranges.backwards", { part: m[1], to: m[2], from: m[3] });
  m = /^Page (\d+) does not exist: this PDF has (\d+) pages?\.$/.exec(error);
  if (m) return t("ranges.missing", { page: m[1], count: Number(m[2]) });
  return error;
}

/** Pages typed as ranges, checked as they are typed; Select applies them. */
function TypedRanges({
  pageCount,
  disabled,
  onSelect,
}: {
  pageCount: number;
  disabled?: boolean;
  onSelect(pages: number[]): void;
}) {
  const t = useT("tool-shell");
  const [text, setText] = useState("");
  const parsed = text.trim() === "" ? null : parsePageRanges(text, pageCount);
  const error = parsed && "error" in parsed ? parsed.error : undefined;
  const apply = () => {
    if (parsed && "pages" in parsed) onSelect(parsed.pages);
  };
  return (
    <Field.Root invalid={Boolean(error)} maxW="md">
      <Field.Label>{t("pages.typeLabel")}</Field.Label>
      <HStack gap="2" w="full">
        <Input
          size="sm"
          value={text}
          placeholder="1-3, 8, 10-"
          aria-label={t("pages.typeAria")}
          disabled={disabled}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            }
          }}
        />
        <Button size="sm" variant="outline" onClick={apply} disabled={disabled || !parsed || Boolean(error)}>
          {t("pages.select")}
        </Button>
      </HStack>
      {error ? (
        <Field.ErrorText>{rangeErrorText(error, t)}</Field.ErrorText>
      ) : (
        <Field.HelperText>{t("pages.openEndHelp")}</Field.HelperText>
      )}
    </Field.Root>
  );
}

/** Every page as a preview people click to pick, with Select All and Deselect All. */
export function PagePicker({
  pages,
  doc,
  previewFailed,
  disabled,
  onToggle,
  onSelectAll,
  onDeselectAll,
  onSelectPages,
}: PagePickerProps) {
  const t = useT("tool-shell");
  const count = pages.filter((p) => p.selected).length;
  return (
    <Box>
      <HStack justify="space-between" wrap="wrap" gap="3" mb="4">
        <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="selection-count">
          {t("pages.selected", { count, total: pages.length })}
        </Text>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={onSelectAll} disabled={disabled}>
            {t("pages.selectAll")}
          </Button>
          <Button size="sm" variant="outline" onClick={onDeselectAll} disabled={disabled}>
            {t("pages.deselectAll")}
          </Button>
        </HStack>
      </HStack>
      {onSelectPages && (
        <Box mb="4">
          <TypedRanges pageCount={pages.length} disabled={disabled} onSelect={onSelectPages} />
        </Box>
      )}
      <SimpleGrid columns={{ base: 2, sm: 3, md: 4, lg: 5 }} gap={{ base: "3", md: "4" }}>
        {pages.map((p) => (
          <chakra.button
            type="button"
            key={p.pageNumber}
            aria-pressed={p.selected}
            aria-label={t("pages.page", { number: p.pageNumber })}
            data-testid="page-toggle"
            disabled={disabled}
            onClick={() => onToggle(p.pageNumber)}
            p="2"
            borderRadius="lg"
            borderWidth="2px"
            borderColor={p.selected ? "brand.solid" : "transparent"}
            bg={p.selected ? "brand.subtle" : "bg.muted"}
            cursor={disabled ? "default" : "pointer"}
            textAlign="start"
            transition="border-color 0.1s ease, background 0.1s ease"
            _hover={disabled ? undefined : { borderColor: p.selected ? "brand.solid" : "border.emphasized" }}
            _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
          >
            <Box position="relative">
              <PageThumbnail doc={doc} pageNumber={p.pageNumber} failed={previewFailed} />
              <Flex
                position="absolute"
                top="1.5"
                insetEnd="1.5"
                boxSize="5"
                align="center"
                justify="center"
                borderRadius="sm"
                borderWidth="1.5px"
                borderColor={p.selected ? "brand.solid" : "gray.400"}
                bg={p.selected ? "brand.solid" : "white"}
                color="white"
                aria-hidden
              >
                {p.selected && <Icon as={LuCheck} boxSize="3.5" />}
              </Flex>
            </Box>
            <Text fontSize="sm" fontWeight="medium" textAlign="center" mt="1.5">
              {p.pageNumber}
            </Text>
          </chakra.button>
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** The picker over a set of chosen page numbers, as the pages that keep their choice in a Set use it. */
export function PageSetPicker({
  pages,
  setSelected,
  ...rest
}: Omit<PagePickerProps, "onToggle" | "onSelectAll" | "onDeselectAll" | "onSelectPages"> & {
  setSelected(update: (s: Set<number>) => Set<number>): void;
}) {
  return (
    <PagePicker
      {...rest}
      pages={pages}
      onToggle={(n) =>
        setSelected((s) => {
          const next = new Set(s);
          if (next.has(n)) next.delete(n);
          else next.add(n);
          return next;
        })
      }
      onSelectAll={() => setSelected(() => new Set(pages.map((p) => p.pageNumber)))}
      onDeselectAll={() => setSelected(() => new Set())}
      onSelectPages={(ps) => setSelected(() => new Set(ps))}
    />
  );
}
