import { Box, Button, Card, chakra, Field, HStack, Input, Stack } from "@chakra-ui/react";
import { LuLockOpen } from "react-icons/lu";
import { toolsById } from "../../../schema/tools";
import { useT } from "../../i18n/provider";
import { CountingNote } from "../counting-note";
import { FileDropzone } from "../dropzone";
import { RunButton } from "../run-button";
import { ToolLayout } from "../tool-layout";
import { UnlockResults } from "./unlock-results";
import { useUnlock } from "./use-unlock";

const tool = toolsById["unlock-pdf"];

export function UnlockPdfPage() {
  const t = useT("unlock-pdf");
  const u = useUnlock();
  return (
    <ToolLayout toolId="unlock-pdf">
      <Stack gap="5">
        <FileDropzone
          tool={tool}
          onFiles={u.addFiles}
          compact={u.entries.length > 0}
          label={u.entries.length > 0 ? t("dropMore") : t("drop")}
        />
        <UnlockResults
          entries={u.entries}
          onRemove={u.removeFile}
          onRetry={u.retry}
          onPassword={u.setFilePassword}
          onAddAgain={(file) => u.addFiles([file])}
          locked={u.busy}
        />
        {/* Its own form: each file's password prompt is a form too, and forms cannot nest. */}
        <chakra.form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void u.submit();
          }}
        >
          <Card.Root variant="outline" bg="surface" borderRadius="xl">
            <Card.Body gap="4">
              {/* One box at a time: once a file asks for its own password on its row, that box is the one. */}
              {!u.asking && (
                <Field.Root>
                  <Field.Label>{t("password.label")}</Field.Label>
                  <Input
                    name="password"
                    type="password"
                    autoComplete="off"
                    value={u.password}
                    onChange={(e) => u.setPassword(e.currentTarget.value)}
                  />
                  <Field.HelperText>{t("password.help")}</Field.HelperText>
                </Field.Root>
              )}
              <HStack justify="end" gap="3" wrap="wrap">
                {u.entries.length > 0 && (
                  <Box flex="1" minW="12rem">
                    <CountingNote tool={tool} files={u.waiting} />
                  </Box>
                )}
                {u.entries.length > 0 && (
                  <Button variant="ghost" onClick={u.clear} disabled={u.busy}>
                    {t("clear")}
                  </Button>
                )}
                <RunButton
                  tool={tool}
                  files={u.waiting}
                  type="submit"
                  size="lg"
                  loading={u.busy}
                  loadingText={t("running")}
                >
                  <LuLockOpen aria-hidden /> {t("start")}
                </RunButton>
              </HStack>
            </Card.Body>
          </Card.Root>
        </chakra.form>
      </Stack>
    </ToolLayout>
  );
}
