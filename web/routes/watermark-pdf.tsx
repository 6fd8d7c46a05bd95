import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  chakra,
  Field,
  Grid,
  HStack,
  IconButton,
  Input,
  Slider,
  Stack,
  Text,
} from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { useRef } from "react";
import { LuFileText, LuImagePlus, LuX } from "react-icons/lu";
import { toolsById } from "../../schema/tools";
import type { LogoPosition } from "../../schema/watermark-layout";
import { ApiError } from "../api/client";
import { resultFiles } from "../api/convert";
import { namespaces } from "../i18n/loader";
import { CountingNote } from "../tools/counting-note";
import { FileDropzone } from "../tools/dropzone";
import { NumberField, Segments, SelectField } from "../tools/fields";
import { FileResults } from "../tools/file-results";
import { formatBytes } from "../tools/format";
import { FilePasswordPrompt } from "../tools/password-prompt";
import { ActionBar } from "../tools/queue-actions";
import { RefusalRemedies } from "../tools/refusal-remedies";
import { ToolLayout } from "../tools/tool-layout";
import { LOGO_LIMIT_MB, OPACITY, useWatermark } from "../tools/use-watermark";
import { WatermarkPreview } from "../tools/watermark-preview";

export const Route = createFileRoute("/watermark-pdf")({
  component: WatermarkPdfPage,
  loader: namespaces("parts", "cloud", "tool-shell"),
});

const tool = toolsById["watermark-pdf"];

const POSITIONS: { value: LogoPosition; label: string }[] = [
  { value: "center", label: "Centre" },
  { value: "top-left", label: "Top left" },
  { value: "top-right", label: "Top right" },
  { value: "bottom-left", label: "Bottom left" },
  { value: "bottom-right", label: "Bottom right" },
  { value: "tiled", label: "Tiled" },
];

/** The logo, where it goes, how large and how turned. */
function LogoOptions({ w }: { w: ReturnType<typeof useWatermark> }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label>Watermark image</Field.Label>
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
            <LuImagePlus aria-hidden /> {w.logo ? "Change image" : "Choose image"}
          </Button>
          <Text fontSize="sm" color="fg.muted" truncate maxW="60" data-testid="logo-name">
            {w.logo ? `${w.logo.name} (${formatBytes(w.logo.size)})` : `PNG or JPEG, up to ${LOGO_LIMIT_MB}MB`}
          </Text>
        </HStack>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg"
          hidden
          aria-label="Watermark image"
          onChange={(e) => {
            w.setLogo(e.currentTarget.files?.[0] ?? null);
            e.currentTarget.value = "";
          }}
        />
      </Field.Root>
      <SelectField
        label="Position"
        value={w.logoChoice.position}
        options={POSITIONS}
        onChange={(v) => w.setPosition(v as LogoPosition)}
      />
      <Grid templateColumns="1fr 1fr" gap="4">
        <NumberField
          label="Size (% of the page)"
          value={w.logoChoice.scale}
          min={5}
          max={100}
          step={5}
          onChange={w.setScale}
        />
        <NumberField
          label="Rotation (degrees)"
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

const FORM_ID = "watermark-form";

function WatermarkPdfPage() {
  const w = useWatermark();
  const { mutation } = w;
  const results = mutation.data ? resultFiles(mutation.data) : [];
  const failure = mutation.error instanceof ApiError ? mutation.error.serverError : undefined;

  return (
    <ToolLayout toolId="watermark-pdf">
      <Grid templateColumns={{ base: "1fr", md: "minmax(0, 3fr) minmax(0, 2fr)" }} gap={{ base: "6", md: "8" }}>
        <Stack gap="5">
          <FileDropzone
            tool={tool}
            onFiles={w.addFiles}
            compact={w.files.length > 0}
            label={w.files.length > 0 ? "Add more PDFs" : "Drop PDFs here"}
          />
          {w.entries.length > 0 && (
            <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Selected files">
              {w.entries.map(({ id, file: f, locked, refused }) => (
                <Stack
                  as="li"
                  key={id}
                  bg="surface"
                  borderWidth="1px"
                  borderColor={refused ? "red.emphasized" : undefined}
                  borderRadius="lg"
                  px="3"
                  py="2"
                  gap="2"
                  data-status={refused ? "refused" : locked ? "locked" : "pending"}
                >
                  <HStack gap="3">
                    <LuFileText aria-hidden />
                    <Text flex="1" truncate title={f.name}>
                      {f.name}
                    </Text>
                    {refused && (
                      <Badge colorPalette="red" variant="subtle" flexShrink={0}>
                        Not accepted
                      </Badge>
                    )}
                    <Text fontSize="xs" color="fg.muted">
                      {formatBytes(f.size)}
                    </Text>
                    <IconButton
                      aria-label={`Remove ${f.name}`}
                      size="xs"
                      variant="ghost"
                      onClick={() => w.removeFile(id)}
                    >
                      <LuX />
                    </IconButton>
                  </HStack>
                  {refused && (
                    <Text fontSize="sm" color="fg.error" role="alert">
                      {refused.message}
                    </Text>
                  )}
                  {refused && refused.remedies.length > 0 && (
                    <RefusalRemedies
                      file={f}
                      remedies={refused.remedies}
                      sizeLimitMB={tool.maxSizeMB}
                      onRetryOnDevice={() => w.addFiles([f])}
                    />
                  )}
                  {locked && <FilePasswordPrompt name={f.name} onSubmit={(password) => w.unlock(id, password)} />}
                </Stack>
              ))}
            </Stack>
          )}
          {/* Its own form: each locked file's password prompt is a form too, and forms cannot nest. */}
          <chakra.form
            id={FORM_ID}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              w.submit();
            }}
          >
            <Card.Root variant="outline" bg="surface" borderRadius="xl">
              <Card.Body gap="5">
                <Segments<"text" | "image">
                  label="Watermark"
                  value={w.mode}
                  options={[
                    { value: "text" as const, label: "Text" },
                    { value: "image" as const, label: "Image" },
                  ]}
                  onChange={(mode: "text" | "image") => w.setMode(mode)}
                />
                {w.mode === "text" ? (
                  <Field.Root invalid={Boolean(w.textError)} required>
                    <Field.Label>Watermark text</Field.Label>
                    <Input value={w.text} maxLength={200} onChange={(e) => w.setText(e.currentTarget.value)} />
                    <Field.ErrorText>{w.textError}</Field.ErrorText>
                  </Field.Root>
                ) : (
                  <LogoOptions w={w} />
                )}
                <Slider.Root
                  min={OPACITY.min}
                  max={OPACITY.max}
                  step={OPACITY.step}
                  value={[w.opacity]}
                  onValueChange={(e) => w.setOpacity(Math.round(e.value[0] * 10) / 10)}
                  colorPalette="red"
                >
                  <HStack justify="space-between">
                    <Slider.Label>Opacity</Slider.Label>
                    <Text fontSize="sm" color="fg.muted" data-testid="opacity-value">
                      {Math.round(w.opacity * 100)}%
                    </Text>
                  </HStack>
                  <Slider.Control>
                    <Slider.Track>
                      <Slider.Range />
                    </Slider.Track>
                    <Slider.Thumbs />
                  </Slider.Control>
                </Slider.Root>
              </Card.Body>
            </Card.Root>
          </chakra.form>
          {/* Outside the form's card, so it stays in view while the column does (ActionBar). */}
          <ActionBar justify="end" align="center" wrap="wrap" data-testid="queue-actions">
            {w.files.length > 0 && (
              <Box flex="1" minW="12rem">
                <CountingNote tool={tool} files={w.files.length} />
              </Box>
            )}
            {w.files.length > 0 && (
              <Button variant="ghost" onClick={w.clear} disabled={mutation.isPending}>
                Clear
              </Button>
            )}
            <Button
              type="submit"
              form={FORM_ID}
              colorPalette="red"
              bg="brand.solid"
              size="lg"
              loading={mutation.isPending}
              loadingText="Adding watermark…"
            >
              Add Watermark
            </Button>
          </ActionBar>
          {failure && (
            <Alert.Root status="error" borderRadius="xl">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          {results.length > 0 && <FileResults files={results} />}
        </Stack>
        <Box as="aside" aria-label="Preview" position={{ md: "sticky" }} top={{ md: "24" }} alignSelf="start">
          <WatermarkPreview
            file={w.working[0]?.file}
            password={w.working[0]?.password}
            text={w.text}
            opacity={w.opacity}
            logo={w.mode === "image" ? w.logo : null}
            logoChoice={w.logoChoice}
          />
        </Box>
      </Grid>
    </ToolLayout>
  );
}
