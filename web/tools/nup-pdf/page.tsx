import { Box, Grid, SimpleGrid, Stack, Switch, Text } from "@chakra-ui/react";
import { useState } from "react";
import { NUP_COUNTS } from "../../../schema/options";
import { useT } from "../../i18n/provider";
import { NumberField, Segments, SelectField } from "../fields";
import { ToolLayout } from "../tool-layout";
import { UploadTool } from "../upload-tool";

type Count = (typeof NUP_COUNTS)[number];
type Sheet = "a4" | "letter" | "original";
type Orientation = "auto" | "portrait" | "landscape";
type Order = "across" | "down";

interface Choice {
  perSheet: Count;
  sheet: Sheet;
  orientation: Orientation;
  order: Order;
  margin: number;
  border: boolean;
}

const GRID: Record<Count, [number, number]> = { 2: [1, 2], 4: [2, 2], 6: [2, 3], 9: [3, 3], 16: [4, 4] };

/** A sketch of one sheet: the cells in the order pages fill them (the server lays them out the same way). */
function SheetSketch({ choice }: { choice: Choice }) {
  const [pc, pr] = GRID[choice.perSheet];
  const landscape =
    choice.orientation === "landscape" ||
    (choice.orientation === "auto" && (choice.perSheet === 2 || choice.perSheet === 6));
  const [cols, rows] = landscape ? [pr, pc] : [pc, pr];
  const cells = Array.from({ length: choice.perSheet }, (_, slot) => {
    const col = choice.order === "across" ? slot % cols : Math.floor(slot / rows);
    const row = choice.order === "across" ? Math.floor(slot / cols) : slot % rows;
    return { slot, col, row };
  });
  return (
    <Box
      data-testid="nup-sketch"
      mx="auto"
      bg="white"
      shadow="md"
      borderRadius="sm"
      p="2"
      w={landscape ? "60" : "44"}
      aspectRatio={landscape ? "1.414" : "0.707"}
    >
      {/* The server fills a sheet left to right whatever the page's language: the sketch does not mirror. */}
      <Grid dir="ltr" templateColumns={`repeat(${cols}, 1fr)`} templateRows={`repeat(${rows}, 1fr)`} gap="1.5" h="full">
        {cells.map((c) => (
          <Box
            key={c.slot}
            gridColumn={c.col + 1}
            gridRow={c.row + 1}
            bg="gray.100"
            borderWidth={choice.border ? "1px" : "0"}
            borderColor="gray.400"
            display="flex"
            alignItems="center"
            justifyContent="center"
            fontSize="xs"
            color="gray.600"
          >
            {c.slot + 1}
          </Box>
        ))}
      </Grid>
    </Box>
  );
}

export function NupPage() {
  const t = useT("nup-pdf");
  const [choice, setChoice] = useState<Choice>({
    perSheet: 4,
    sheet: "a4",
    orientation: "auto",
    order: "across",
    margin: 18,
    border: false,
  });
  const set =
    <K extends keyof Choice>(key: K) =>
    (value: Choice[K]) =>
      setChoice((c) => ({ ...c, [key]: value }));
  return (
    <ToolLayout toolId="nup-pdf">
      <UploadTool
        toolId="nup-pdf"
        mode="each"
        startLabel={t("start")}
        canStart={() => choice.margin >= 0 && choice.margin <= 72}
        fields={() => ({
          perSheet: String(choice.perSheet),
          sheet: choice.sheet,
          orientation: choice.orientation,
          order: choice.order,
          margin: String(choice.margin),
          border: String(choice.border),
        })}
        options={
          <Grid templateColumns={{ base: "1fr", md: "1fr 16rem" }} gap="6" alignItems="center">
            <Stack gap="4">
              <Segments
                label={t("perSheet")}
                value={String(choice.perSheet)}
                options={NUP_COUNTS.map((n) => ({ value: String(n), label: String(n) }))}
                onChange={(v) => set("perSheet")(Number(v) as Count)}
              />
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <SelectField
                  label={t("sheet.label")}
                  value={choice.sheet}
                  options={[
                    { value: "a4", label: "A4" },
                    { value: "letter", label: t("sheet.letter") },
                    { value: "original", label: t("sheet.original") },
                  ]}
                  onChange={set("sheet")}
                />
                <SelectField
                  label={t("orientation.label")}
                  value={choice.orientation}
                  options={[
                    { value: "auto", label: t("orientation.auto") },
                    { value: "portrait", label: t("orientation.portrait") },
                    { value: "landscape", label: t("orientation.landscape") },
                  ]}
                  onChange={set("orientation")}
                />
                <SelectField
                  label={t("order.label")}
                  value={choice.order}
                  options={[
                    { value: "across", label: t("order.across") },
                    { value: "down", label: t("order.down") },
                  ]}
                  onChange={set("order")}
                />
                <NumberField label={t("margin")} value={choice.margin} onChange={set("margin")} min={0} max={72} />
              </SimpleGrid>
              <Switch.Root checked={choice.border} onCheckedChange={(e) => set("border")(e.checked)}>
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{t("border")}</Switch.Label>
              </Switch.Root>
            </Stack>
            <Stack gap="2">
              <SheetSketch choice={choice} />
              <Text fontSize="xs" color="fg.muted" textAlign="center">
                {t("sketchNote")}
              </Text>
            </Stack>
          </Grid>
        }
      />
    </ToolLayout>
  );
}
