import { Box, Button, Checkbox, Field, HStack, Image, Input, RadioCard, Stack, Text } from "@chakra-ui/react";
import { useRef } from "react";
import { LuImagePlus } from "react-icons/lu";
import { MAX_SIGNATURE_MB } from "../../../schema/form-options";
import { useT } from "../../i18n/provider";
import { Segments } from "../fields";
import { formatBytes } from "../format";
import { SCRIPT_FONTS } from "./fonts";
import { INK } from "./image";
import { InkPicker, SignaturePad } from "./signature-pad";
import type { SignatureMode, SignatureState } from "./use-signature";

/** Draw, type or upload a signature (or use the one this browser remembers). */
export function SignatureMaker({ s }: { s: SignatureState }) {
  const t = useT("sign-pdf");
  const modes: { value: SignatureMode; label: string }[] = [
    ...(s.hasSaved ? [{ value: "saved" as const, label: t("maker.saved") }] : []),
    { value: "draw", label: t("maker.draw") },
    { value: "type", label: t("maker.type") },
    { value: "upload", label: t("maker.upload") },
  ];
  return (
    <Stack gap="4">
      <Segments<SignatureMode> label={t("maker.label")} value={s.mode} options={modes} onChange={s.setMode} />
      {s.mode === "saved" && <SavedPanel s={s} />}
      {s.mode === "draw" && (
        <Stack gap="2">
          <SignaturePad strokes={s.strokes} onChange={s.setStrokes} colour={s.colour} />
          <InkPicker value={s.colour} onChange={s.setColour} />
        </Stack>
      )}
      {s.mode === "type" && <TypePanel s={s} />}
      {s.mode === "upload" && <UploadPanel s={s} />}
    </Stack>
  );
}

/** The signature shown on white, as it will look on paper. */
export function SignaturePreview({ url, label }: { url: string; label: string }) {
  return (
    <Box bg="white" borderWidth="1px" borderColor="border.emphasized" borderRadius="lg" p="3" h="32" display="flex">
      <Image
        src={url}
        alt={label}
        m="auto"
        maxH="full"
        maxW="full"
        objectFit="contain"
        data-testid="signature-preview"
      />
    </Box>
  );
}

function SavedPanel({ s }: { s: SignatureState }) {
  const t = useT("sign-pdf");
  return (
    <Stack gap="2">
      {s.image && <SignaturePreview url={s.image.url} label={t("maker.savedAlt")} />}
      <Text fontSize="sm" color="fg.muted">
        {t("maker.savedHelp")}
      </Text>
    </Stack>
  );
}

function TypePanel({ s }: { s: SignatureState }) {
  const t = useT("sign-pdf");
  const fontFamily = (family: string) => (s.fonts === "failed" ? "cursive" : `"${family}", cursive`);
  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label>{t("type.nameLabel")}</Field.Label>
        <Input
          value={s.typed}
          maxLength={80}
          autoComplete="name"
          placeholder={t("type.placeholder")}
          onChange={(e) => s.setTyped(e.currentTarget.value)}
        />
      </Field.Root>
      <RadioCard.Root
        value={s.fontId}
        onValueChange={(e) => e.value && s.setFontId(e.value)}
        size="sm"
        colorPalette="red"
        aria-label={t("type.style")}
      >
        <RadioCard.Label>{t("type.style")}</RadioCard.Label>
        <Stack gap="2">
          {SCRIPT_FONTS.map((f) => (
            <RadioCard.Item key={f.id} value={f.id} bg="white" _checked={{ borderColor: "brand.solid" }}>
              <RadioCard.ItemHiddenInput aria-label={f.name} />
              <RadioCard.ItemControl alignItems="center">
                <RadioCard.ItemContent>
                  <Text
                    fontSize="3xl"
                    lineHeight="1.3"
                    truncate
                    w="full"
                    style={{ fontFamily: fontFamily(f.family), color: INK[s.colour] }}
                    data-font={f.id}
                    dir="auto"
                  >
                    {s.typed.trim() || t("type.sample")}
                  </Text>
                  <RadioCard.ItemDescription color="gray.600">{f.name}</RadioCard.ItemDescription>
                </RadioCard.ItemContent>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </Stack>
      </RadioCard.Root>
      <InkPicker value={s.colour} onChange={s.setColour} />
    </Stack>
  );
}

function UploadPanel({ s }: { s: SignatureState }) {
  const t = useT("sign-pdf");
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          <LuImagePlus aria-hidden /> {s.upload ? t("upload.change") : t("upload.choose")}
        </Button>
        <Text fontSize="sm" color="fg.muted" truncate maxW="60">
          {s.upload
            ? t("upload.file", { name: s.upload.name, size: formatBytes(s.upload.size) })
            : t("upload.hint", { mb: MAX_SIGNATURE_MB })}
        </Text>
      </HStack>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        aria-label={t("upload.inputLabel")}
        data-testid="signature-file-input"
        onChange={(e) => {
          s.setUpload(e.currentTarget.files?.[0] ?? null);
          e.currentTarget.value = "";
        }}
      />
      <Checkbox.Root checked={s.clearWhite} onCheckedChange={(e) => s.setClearWhite(e.checked === true)} size="sm">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t("upload.clearWhite")}</Checkbox.Label>
      </Checkbox.Root>
      {s.image && <SignaturePreview url={s.image.url} label={t("upload.alt")} />}
    </Stack>
  );
}
