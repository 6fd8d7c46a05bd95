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
import { LuFileText, LuX } from "react-icons/lu";
import { toolsById } from "../../../schema/tools";
import { ApiError } from "../../api/client";
import { resultFiles } from "../../api/convert";
import { formatPercent } from "../../i18n/format";
import { useT } from "../../i18n/provider";
import { CountingNote } from "../counting-note";
import { FileDropzone } from "../dropzone";
import { Segments } from "../fields";
import { FileResults } from "../file-results";
import { formatBytes } from "../format";
import { FilePasswordPrompt } from "../password-prompt";
import { ActionBar } from "../queue-actions";
import { RefusalRemedies } from "../refusal-remedies";
import { RunButton } from "../run-button";
import { ToolLayout } from "../tool-layout";
import { LogoOptions } from "./logo-options";
import { OPACITY, useWatermark } from "./use-watermark";
import { WatermarkPreview } from "./watermark-preview";

const tool = toolsById["watermark-pdf"];

const FORM_ID = "watermark-form";

export function WatermarkPdfPage() {
  const t = useT("watermark-pdf");
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
            label={w.files.length > 0 ? t("dropMore") : t("drop")}
          />
          {w.entries.length > 0 && (
            <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t("files")}>
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
                        {t("refused")}
                      </Badge>
                    )}
                    <Text fontSize="xs" color="fg.muted">
                      {formatBytes(f.size)}
                    </Text>
                    <IconButton
                      aria-label={t("remove", { name: f.name })}
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
                  label={t("mode.label")}
                  value={w.mode}
                  options={[
                    { value: "text" as const, label: t("mode.text") },
                    { value: "image" as const, label: t("mode.image") },
                  ]}
                  onChange={(mode: "text" | "image") => w.setMode(mode)}
                />
                {w.mode === "text" ? (
                  <Field.Root invalid={Boolean(w.textError)} required>
                    <Field.Label>{t("text.label")}</Field.Label>
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
                    <Slider.Label>{t("opacity")}</Slider.Label>
                    <Text fontSize="sm" color="fg.muted" data-testid="opacity-value">
                      {formatPercent(Math.round(w.opacity * 100))}
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
                {t("clear")}
              </Button>
            )}
            <RunButton
              tool={tool}
              files={w.files.length}
              type="submit"
              form={FORM_ID}
              size="lg"
              loading={mutation.isPending}
              loadingText={t("running")}
            >
              {t("start")}
            </RunButton>
          </ActionBar>
          {failure && (
            <Alert.Root status="error" borderRadius="xl">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          {results.length > 0 && <FileResults files={results} />}
        </Stack>
        <Box
          as="aside"
          aria-label={t("preview.label")}
          position={{ md: "sticky" }}
          top={{ md: "24" }}
          alignSelf="start"
        >
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
