import { useState } from "react";
import type { ConvertedFile } from "../../schema/api";
import { convertPath } from "../../schema/options";
import { toolsById } from "../../schema/tools";
import { formFailureMessage, resultFiles, useConversion } from "../api/convert";
import { offerFor } from "../device/offer";
import { useAllowanceGuard } from "../session/allowance";
import { toast } from "../ui/toaster";
import { validateFile, validationToastTitle } from "./validation";

const tool = toolsById["unlock-pdf"];
const PATH = convertPath("unlock-pdf");
export const unlockMessages = {
  noFiles: "No files selected",
  errorTitle: "Error",
  fallback: "Failed to unlock PDF files",
  completed: "PDF files unlocked successfully",
} as const;

export interface UnlockEntry {
  id: string;
  file: File;
  result?: ConvertedFile;
  retrying?: boolean;
}

/** Whether a file's result asks for a password (its error code says so). */
export function needsPassword(result: ConvertedFile | undefined): boolean {
  return result?.status === "error" && (result.code === "password_required" || result.code === "password_incorrect");
}

let counter = 0;

/** The unlock form (spec sections 5 and 8): PDFs, an optional password, and a retry per file. */
export function useUnlock() {
  const [entries, setEntries] = useState<UnlockEntry[]>([]);
  const [password, setPassword] = useState("");
  const mutation = useConversion();
  const guard = useAllowanceGuard();
  const retryMutation = useConversion();
  const patch = (id: string, next: Partial<UnlockEntry>) =>
    setEntries((prev) => prev.map((e) => (e.id === id ? { ...e, ...next } : e)));

  const addFiles = (list: readonly File[]) => {
    const valid = list.filter((f) => {
      const problem = validateFile(f, tool);
      if (problem) {
        toast({
          title: validationToastTitle(tool),
          description: problem,
          variant: "destructive",
          ...offerFor({ sizeProblem: problem }, () => addFiles([f])),
        });
      }
      return !problem;
    });
    setEntries((prev) => [...prev, ...valid.map((file) => ({ id: `unlock-${++counter}`, file }))]);
  };

  const removeFile = (id: string) => setEntries((prev) => prev.filter((e) => e.id !== id));

  const failed = (err: unknown) =>
    toast({
      title: unlockMessages.errorTitle,
      description: formFailureMessage(err, unlockMessages.fallback),
      variant: "destructive",
    });

  const announce = (message: string | undefined, files: ConvertedFile[]) =>
    toast({
      title: message || unlockMessages.completed,
      variant: files.some((f) => f.status !== "error") ? "default" : "destructive",
    });

  /** Sends every file not unlocked yet, with the shared password (or none). */
  const submit = () => {
    const todo = entries.filter((e) => e.result?.status !== "unlocked");
    if (todo.length === 0) {
      toast({ title: unlockMessages.noFiles, variant: "destructive" });
      return;
    }
    if (!guard.check()) return;
    mutation.mutate(
      { path: PATH, files: todo.map((e) => e.file), fields: password ? { password } : {}, options: { auth: false } },
      {
        onSuccess: (res) => {
          const files = resultFiles(res);
          const byId = new Map(todo.map((e, i) => [e.id, files[i]]));
          setEntries((prev) => prev.map((e) => (byId.has(e.id) ? { ...e, result: byId.get(e.id) } : e)));
          announce(res.message, files);
          void guard.afterConversion();
        },
        onError: failed,
      },
    );
  };

  /** Tries one file again with the password typed next to it. */
  const retry = async (id: string, filePassword: string) => {
    const entry = entries.find((e) => e.id === id);
    if (!entry || !guard.check()) return;
    patch(id, { retrying: true });
    try {
      const res = await retryMutation.mutateAsync({
        path: PATH,
        files: [entry.file],
        fields: { password: filePassword },
        options: { auth: false },
      });
      const [result] = resultFiles(res);
      patch(id, { result, retrying: false });
      announce(res.message, [result]);
      void guard.afterConversion();
    } catch (err) {
      patch(id, { retrying: false });
      failed(err);
    }
  };

  const clear = () => {
    setEntries([]);
    mutation.reset();
  };

  return { entries, addFiles, removeFile, password, setPassword, submit, retry, clear, busy: mutation.isPending };
}
