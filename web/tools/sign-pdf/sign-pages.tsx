import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { LuPenLine } from "react-icons/lu";
import { useT } from "../../i18n/provider";
import { PageThumbnail } from "../page-thumbnail";
import { PlacementLayer, type PlacementLayerProps } from "./placement-layer";

/** Big files are drawn smaller: every page drawn stays in memory while the list is open. */
const drawWidth = (pages: number) => (pages > 30 ? 360 : 600);

/**
 * Every page of the PDF, drawn as it scrolls into view, each with its signatures over it and a
 * button to place one there (for keyboards; a click on the page places one where it lands).
 */
export function SignPages({
  doc,
  layer,
}: {
  doc: PDFDocumentProxy;
  layer: Omit<PlacementLayerProps, "page" | "ratio">;
}) {
  const t = useT("sign-pdf");
  const pages = Array.from({ length: doc.numPages }, (_, i) => i + 1);
  return (
    <Stack gap="5" data-testid="sign-pages">
      {pages.map((n) => (
        <Stack key={n} gap="1.5">
          <HStack justify="space-between">
            <Text fontSize="sm" color="fg.muted">
              {t("pages.pageOf", { page: n, total: doc.numPages })}
            </Text>
            <Button
              size="xs"
              variant="ghost"
              disabled={!layer.image}
              onClick={() => layer.onPlace(n, 0.7, 0.82, Number.NaN)}
              aria-label={t("pages.placeHereLabel", { page: n })}
            >
              <LuPenLine aria-hidden /> {t("pages.placeHere")}
            </Button>
          </HStack>
          {/* The page as printed: a right-to-left page would draw pdf.js's text glyphs from the wrong side. */}
          <Box shadow="md" borderRadius="sm" dir="ltr">
            <PageThumbnail
              doc={doc}
              pageNumber={n}
              width={drawWidth(doc.numPages)}
              overlay={(ratio) => <PlacementLayer {...layer} page={n} ratio={ratio} />}
            />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}
