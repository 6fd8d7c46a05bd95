import { Button, Field, Grid, HStack, Stack, Text } from "@chakra-ui/react";
import { useRef } from "react";
import { LuImagePlus } from "react-icons/lu";
import type { LogoPosition } from "../../../schema/watermark-layout";
import { useT } from "../../i18n/provider";
import { NumberField, SelectField } from "../fields";
import { formatBytes } from "../format";
import { LOGO_LIMIT_MB, type useWatermark } from "./use-watermark";

/** Each position's words are `position.<value>`. */
const POSITIONS: LogoPosition[] = ["center", "top-left", "top-right", "bottom-left", "bottom-right", "tiled"];

/** The logo, where it goes, how large and how turned. */
export function LogoOptions({ w }: { w: ReturnType<typeof useWatermark> }) {
  const t = useT("watermark-pdf");
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label>{t("logo.label")}</Field.Label>
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
            <LuImagePlus aria-hidden /> {w.logo ? t("logo.change") : t("logo.choose")}
          </Button>
          <Text fontSize="sm" color="fg.muted" truncate maxW="60" data-testid="logo-name">
            {w.logo ? `${w.logo.name} (${formatBytes(w.logo.size)})` : t("logo.hint", { limit: LOGO_LIMIT_MB })}
          </Text>
        </HStack>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg"
          hidden
          aria-label={t("logo.label")}
          onChange={(e) => {
            w.setLogo(e.currentTarget.files?.[0] ?? null);
            e.currentTarget.value = "";
          }}
        />
      </Field.Root>
      <SelectField
        label={t("position.label")}
        value={w.logoChoice.position}
        options={POSITIONS.map((p) => ({ value: p, label: t(`position.${p}`) }))}
        onChange={(v) => w.setPosition(v as LogoPosition)}
      />
      <Grid templateColumns="1fr 1fr" gap="4">
        <NumberField
          label={t("logo.size")}
          value={w.logoChoice.scale}
          min={5}
          max={100}
          step={5}
          onChange={w.setScale}
        />
        <NumberField
          label={t("logo.rotation")}
          value={w.logoChoice.rotation}
          min={-180}
          max={180}
          step={15}
          onChange={w.setRotation}
        />
      </Grid>
    </Stack>
  );
}
