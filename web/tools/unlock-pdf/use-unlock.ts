import { useState } from "react";
import type { ConvertedFile } from "../../../schema/api";
import { convertPath } from "../../../schema/options";
import { toolsById } from "../../../schema/tools";
import { formFailureMessage, resultFiles, useConversion } from "../../api/convert";
import { offerFor } from "../../device/offer";
import { useAllowanceGuard } from "../../session/allowance";
import { toast } from "../../ui/toaster";
import { passwordFields } from "../locked-pdf";
import { shellText } from "../messages";
import { remediesFor } from "../refusal";
import type { Remedy } from "../upload-items";
import { contentCheck, fileProblem, validationToastTitle } from "../validation";

const tool = toolsById["unlock-pdf"];
const PATH = convertPath("unlock-pdf");
/** The spec's words for Unlock PDF's toasts, in the page's language (`tool-shell`), read when shown. */
export const unlockMessages = {
  get noFiles() {
    return shellText("unlock.noFiles");
  },
  get errorTitle() {
    return shellText("unlock.errorTitle");
  },
  get fallback() {
    return shellText("unlock.fallback");
  },
  get completed() {
    return shellText("unlock.completed");
  },
};

export interface UnlockEntry {
  id: string;
  file: File;
  result?: ConvertedFile;
  retrying?: boolean;
  /** What was typed in this file's own password box. */
  password?: string;
  /** When (in typing order) it was typed: the later of it and the shared box's is what is sent. */
  typedAt?: number;
  /** A file the tool does not take (type, size, content), listed with its reason and what to do. */
  refused?: { message: string; remedies: Remedy[] };
}

/** Whether a file's result asks for a password (its error code says so). */
export function needsPassword(result: ConvertedFile | undefined): boolean {
  return result?.status === "error" && (result.code === "password_required" || result.code === "password_incorrect");
}

let counter = 0;
/** Typing order of the password boxes: the shared one and each file's. */
let typing = 0;

/**
 * The password a file goes with: what was typed last for it, in its own box or in the shared one
 * (undefined: the shared one, or none). One source of truth for the big Unlock PDF button and the
 * file's own.
 */
export function filePassword(entry: UnlockEntry, sharedAt: number): string | undefined {
  return entry.password && (entry.typedAt ?? 0) > sharedAt ? entry.password : undefined;
}

/** The unlock form (spec sections 5 and 8): PDFs, an optional password, and a password per file. */
export function useUnlock() {
  const [entries, setEntries] = useState<UnlockEntry[]>([]);
  const [password, setSharedPassword] = useState("");
  const [sharedAt, setSharedAt] = useState(0);
  const mutation = useConversion();
  const guard = useAllowanceGuard();
  const retryMutation = useConversion();
  const patch = (id: string, next: Partial<UnlockEntry>) =>
    setEntries((prev) => prev.map((e) => (e.id === id ? { ...e, ...next } : e)));

  const setPassword = (value: string) => {
    setSharedPassword(value);
    setSharedAt(++typing);
  };
  /** What is typed in a file's own box: it is that file's password from now on (until the shared box changes). */
  const setFilePassword = (id: string, value: string) => patch(id, { password: value, typedAt: ++typing });

  const addFiles = (list: readonly File[]) => {
    const added = list.map((file) => {
      const problem = fileProblem(file, tool);
      if (problem) {
        toast({
          title: validationToastTitle(tool),
          description: problem.message,
          variant: "destructive",
          ...offerFor({ sizeProblem: problem.message }, () => addFiles([file])),
        });
      }
      const entry: UnlockEntry = {
        id: `unlock-${++counter}`,
        file,
        ...(problem ? { refused: { message: problem.message, remedies: remediesFor(problem, file, tool) } } : {}),
      };
      return entry;
    });
    // A refused file added again (after switching to this device) replaces its old row.
    const again = new Set(list);
    setEntries((prev) => [...prev.filter((e) => !(e.refused && again.has(e.file))), ...added]);
    // Then each file's content, by its first bytes: only the bad file is marked.
    for (const entry of added.filter((e) => !e.refused)) {
      void contentCheck(entry.file, tool)
        .catch(() => null)
        .then((problem) => {
          if (!problem) return;
          patch(entry.id, { refused: { message: problem.message, remedies: [] } });
          toast({ title: validationToastTitle(tool), description: problem.message, variant: "destructive" });
        });
    }
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

  /**
   * Sends every file not unlocked yet: each with the password typed last for it (its own box, or
   * the shared one), so a right password typed in a file's box is the one that goes.
   */
  const submit = () => {
    const todo = entries.filter((e) => e.result?.status !== "unlocked" && !e.refused);
    if (todo.length === 0) {
      toast({ title: unlockMessages.noFiles, variant: "destructive" });
      return;
    }
    if (!guard.check(tool, todo.length)) return;
    const own = passwordFields(todo.map((e) => filePassword(e, sharedAt)));
    mutation.mutate(
      {
        path: PATH,
        files: todo.map((e) => e.file),
        fields: { ...(password ? { password } : {}), ...own },
        options: { auth: false },
      },
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

  /** Tries one file again with the password in its own box. */
  const retry = async (id: string) => {
    const entry = entries.find((e) => e.id === id);
    if (!entry?.password || !guard.check(tool, 1)) return;
    patch(id, { retrying: true });
    try {
      const res = await retryMutation.mutateAsync({
        path: PATH,
        files: [entry.file],
        fields: { password: entry.password },
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

  return {
    entries,
    addFiles,
    removeFile,
    password,
    setPassword,
    setFilePassword,
    submit,
    retry,
    clear,
    busy: mutation.isPending,
    /** Files the button would send. */
    waiting: entries.filter((e) => e.result?.status !== "unlocked" && !e.refused).length,
  };
}
