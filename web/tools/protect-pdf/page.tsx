import { Card, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { LuLock } from "react-icons/lu";
import { toolsById } from "../../../schema/tools";
import { type Translate, useT } from "../../i18n/provider";
import { toast } from "../../ui/toaster";
import { FileDropzone } from "../dropzone";
import { QueueActions } from "../queue-actions";
import { ToolLayout } from "../tool-layout";
import { waitingFiles } from "../upload-items";
import { UploadList } from "../upload-list";
import { useUploadQueue } from "../use-upload-queue";
import { ALL_ALLOWED, ProtectOptions, type ProtectPermissions, protectFields } from "./protect-options";

const tool = toolsById["protect-pdf"];
const MB = 1024 * 1024;
/** Spec section 9: the upload starts half a second after a file is selected. */
const START_DELAY_MS = 500;

/** Spec section 5, protect: a PDF by type or by suffix, under 25MB. */
function protectProblem(file: File, t: Translate<"protect-pdf">): string | null {
  if (file.type !== "application/pdf" && !file.name.toLowerCase().endsWith(".pdf")) return t("invalid.type");
  if (file.size >= tool.maxSizeMB * MB) return t("invalid.size", { limit: tool.maxSizeMB });
  return null;
}

/** A PDF known by its type only still needs the suffix the server checks. */
function withPdfName(file: File): File {
  return file.name.toLowerCase().endsWith(".pdf") ? file : new File([file], `${file.name}.pdf`, { type: file.type });
}

function requirePassword(password: string, t: Translate<"protect-pdf">): boolean {
  if (password.length > 0) return true;
  toast({
    title: t("required.title"),
    description: t("required.text"),
    variant: "destructive",
  });
  return false;
}

export function ProtectPdfPage() {
  const t = useT("protect-pdf");
  const [password, setPassword] = useState("");
  const [permissions, setPermissions] = useState<ProtectPermissions>(ALL_ALLOWED);
  const queue = useUploadQueue({
    tool,
    mode: "each",
    // Without a password the file waits, and the button starts it once one is typed.
    autoStart: password.length > 0,
    startDelayMs: START_DELAY_MS,
    fields: () => protectFields(password, permissions),
    failureTitle: () => t("failed"),
    // A file that already has a password is refused (unlock it first); it is not asked for.
    askPasswords: false,
  });
  const waiting = queue.items.some((i) => i.status === "pending" || i.status === "error");

  const addFiles = (files: File[]) => {
    const valid: File[] = [];
    for (const file of files) {
      const problem = protectProblem(file, t);
      if (problem) toast({ title: t("invalid.title"), description: problem, variant: "destructive" });
      else valid.push(withPdfName(file));
    }
    if (valid.length === 0) return;
    // Without a password yet the file waits: the password is asked for when Protect PDF is pressed,
    // not the moment a file is chosen.
    queue.addFiles(valid);
  };

  return (
    <ToolLayout toolId="protect-pdf">
      <Stack gap="5">
        <Card.Root variant="outline" bg="surface" borderRadius="xl">
          <Card.Body>
            <ProtectOptions
              password={password}
              onPassword={setPassword}
              permissions={permissions}
              onPermissions={setPermissions}
            />
          </Card.Body>
        </Card.Root>
        <FileDropzone tool={tool} onFiles={addFiles} compact={queue.items.length > 0} label={t("drop")} />
        <UploadList queue={queue} />
        {queue.items.length > 0 && (
          <QueueActions
            counting={{ tool, files: waitingFiles(queue.items) }}
            onReset={queue.reset}
            onCancel={queue.reset}
            running={queue.busy}
            resetDisabled={queue.busy}
            start={
              waiting
                ? {
                    label: (
                      <>
                        <LuLock aria-hidden /> {t("start")}
                      </>
                    ),
                    loading: queue.busy,
                    onClick: () => requirePassword(password, t) && queue.start(),
                  }
                : undefined
            }
          />
        )}
      </Stack>
    </ToolLayout>
  );
}
