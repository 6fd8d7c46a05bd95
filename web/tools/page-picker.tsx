import { Box, Button, chakra, Flex, HStack, Icon, SimpleGrid, Text } from "@chakra-ui/react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { LuCheck } from "react-icons/lu";
import { PageThumbnail } from "./page-thumbnail";

export interface PagePickerProps {
  pages: { pageNumber: number; selected: boolean }[];
  doc: PDFDocumentProxy | null;
  previewFailed?: boolean;
  disabled?: boolean;
  onToggle(pageNumber: number): void;
  onSelectAll(): void;
  onDeselectAll(): void;
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
}: PagePickerProps) {
  const count = pages.filter((p) => p.selected).length;
  return (
    <Box>
      <HStack justify="space-between" wrap="wrap" gap="3" mb="4">
        <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="selection-count">
          {count} of {pages.length} {pages.length === 1 ? "page" : "pages"} selected
        </Text>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={onSelectAll} disabled={disabled}>
            Select All
          </Button>
          <Button size="sm" variant="outline" onClick={onDeselectAll} disabled={disabled}>
            Deselect All
          </Button>
        </HStack>
      </HStack>
      <SimpleGrid columns={{ base: 2, sm: 3, md: 4, lg: 5 }} gap={{ base: "3", md: "4" }}>
        {pages.map((p) => (
          <chakra.button
            type="button"
            key={p.pageNumber}
            aria-pressed={p.selected}
            aria-label={`Page ${p.pageNumber}`}
            data-testid="page-toggle"
            disabled={disabled}
            onClick={() => onToggle(p.pageNumber)}
            p="2"
            borderRadius="lg"
            borderWidth="2px"
            borderColor={p.selected ? "brand.solid" : "transparent"}
            bg={p.selected ? "brand.subtle" : "bg.muted"}
            cursor={disabled ? "default" : "pointer"}
            textAlign="left"
            transition="border-color 0.1s ease, background 0.1s ease"
            _hover={disabled ? undefined : { borderColor: p.selected ? "brand.solid" : "border.emphasized" }}
            _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
          >
            <Box position="relative">
              <PageThumbnail doc={doc} pageNumber={p.pageNumber} failed={previewFailed} />
              <Flex
                position="absolute"
                top="1.5"
                right="1.5"
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
