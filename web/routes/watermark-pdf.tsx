import {
  Alert,
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
import { LuFileText, LuX } from "react-icons/lu";
import { toolsById } from "../../schema/tools";
import { ApiError } from "../api/client";
import { resultFiles } from "../api/convert";
import { FileDropzone } from "../tools/dropzone";
import { FileResults } from "../tools/file-results";
import { formatBytes } from "../tools/format";
import { ToolLayout } from "../tools/tool-layout";
import { OPACITY, useWatermark } from "../tools/use-watermark";
import { WatermarkPreview } from "../tools/watermark-preview";

export const Route = createFileRoute("/watermark-pdf")({ component: WatermarkPdfPage });

const tool = toolsById["watermark-pdf"];

function WatermarkPdfPage() {
  const w = useWatermark();
  const { mutation } = w;
  const results = mutation.data ? resultFiles(mutation.data) : [];
  const failure = mutation.error instanceof ApiError ? mutation.error.serverError : undefined;

  return (
    <ToolLayout toolId="watermark-pdf">
      <Grid templateColumns={{ base: "1fr", md: "minmax(0, 3fr) minmax(0, 2fr)" }} gap={{ base: "6", md: "8" }}>
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="5"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            w.submit();
          }}
        >
          <FileDropzone
            tool={tool}
            onFiles={w.addFiles}
            compact={w.files.length > 0}
            label={w.files.length > 0 ? "Add more PDFs" : "Drop PDFs here"}
          />
          {w.files.length > 0 && (
            <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Selected files">
              {w.entries.map(({ id, file: f }) => (
                <HStack as="li" key={id} bg="surface" borderWidth="1px" borderRadius="lg" px="3" py="2" gap="3">
                  <LuFileText aria-hidden />
                  <Text flex="1" truncate title={f.name}>
                    {f.name}
                  </Text>
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
              ))}
            </Stack>
          )}
          <Card.Root variant="outline" bg="surface" borderRadius="xl">
            <Card.Body gap="5">
              <Field.Root invalid={Boolean(w.textError)} required>
                <Field.Label>Watermark text</Field.Label>
                <Input value={w.text} maxLength={200} onChange={(e) => w.setText(e.currentTarget.value)} />
                <Field.ErrorText>{w.textError}</Field.ErrorText>
              </Field.Root>
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
              <HStack justify="end" gap="3">
                {w.files.length > 0 && (
                  <Button variant="ghost" onClick={w.clear} disabled={mutation.isPending}>
                    Clear
                  </Button>
                )}
                <Button
                  type="submit"
                  colorPalette="red"
                  bg="brand.solid"
                  size="lg"
                  loading={mutation.isPending}
                  loadingText="Adding watermark…"
                >
                  Add Watermark
                </Button>
              </HStack>
            </Card.Body>
          </Card.Root>
          {failure && (
            <Alert.Root status="error" borderRadius="xl">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          {results.length > 0 && <FileResults files={results} />}
        </chakra.form>
        <Box as="aside" aria-label="Preview" position={{ md: "sticky" }} top={{ md: "24" }} alignSelf="start">
          <WatermarkPreview file={w.files[0]} text={w.text} opacity={w.opacity} />
        </Box>
      </Grid>
    </ToolLayout>
  );
}
