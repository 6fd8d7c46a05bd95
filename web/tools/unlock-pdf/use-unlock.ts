import { useRef, useState } from "react";
import type { ConvertedFile } from "../../../schema/api";
import { convertPath } from "../../../schema/options";
import { toolsById } from "../../../schema/tools";
import { formFailureMessage, resultFiles, useConversion } from "../../api/convert";
import { offerFor } from "../../device/offer";
import { useAllowanceGuard } from "../../session/allowance";
import { toast } from "../../ui/toaster";
import { needsPassword as needsFilePassword, passwordFields, passwordOpens } from "../locked-pdf";
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
  /** The file's own password is being checked, then sent. */
  retrying?: boolean;
  /** What was typed in this file's own password box. */
  password?: string;
  /**
   * The file asks for its own password, on its row: it needs one and none was given ("needed"),
   * or the one tried does not open it ("wrong"). Nothing is sent for it until one that opens it is.
   */
  asks?: "needed" | "wrong";
  /** A file the tool does not take (type, size, content), listed with its reason and what to do. */
  refused?: { message: string; remedies: Remedy[] };
}

/** Whether a file's result asks for a password (its error code says so). */
export function needsPassword(result: ConvertedFile | undefined): boolean {
  return result?.status === "error" && (result.code === "password_required" || result.code === "password_incorrect");
}

let counter = 0;

/**
 * The unlock form (spec sections 5 and 8): PDFs, an optional password, and a password per file
 * for a file the shared one does not open. Every password is checked in this browser first
 * (pdf.js opens the file with it, locked-pdf.ts): a file it does not open is not sent, and asks
 * for its own on its row, where the shared box no longer stands beside it.
 */
export function useUnlock() {
  const [entries, setEntries] = useState<UnlockEntry[]>([]);
  const [password, setPassword] = useState("");
  const [checking, setChecking] = useState(false);
  const mutation = useConversion();
  const guard = useAllowanceGuard();
  const retryMutation = useConversion();
  // Whether each file needs a password to open, found as it is added (pdf.js, in this browser).
  const locks = useRef(new Map<string, Promise<boolean>>());
  const locked = (e: UnlockEntry) => locks.current.get(e.id) ?? Promise.resolve(false);
  const patch = (id: string, next: Partial<UnlockEntry>) =>
    setEntries((prev) => prev.map((e) => (e.id === id ? { ...e, ...next } : e)));

  /** What is typed in a file's own box: that file's password from now on. */
  const setFilePassword = (id: string, value: string) => patch(id, { password: value });

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
      locks.current.set(
        entry.id,
        needsFilePassword(entry.file).catch(() => false),
      );
      void contentCheck(entry.file, tool)
        .catch(() => null)
        .then((problem) => {
          if (!problem) return;
          patch(entry.id, { refused: { message: problem.message, remedies: [] } });
          toast({ title: validationToastTitle(tool), description: problem.message, variant: "destructive" });
        });
    }
  };

  const removeFile = (id: string) => {
    locks.current.delete(id);
    setEntries((prev) => prev.filter((e) => e.id !== id));
  };

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

  /** A file's answer: unlocked, failed, or (the server did not take the password) asking for its own again. */
  const answered = (result: ConvertedFile | undefined): Partial<UnlockEntry> =>
    needsPassword(result)
      ? { result: undefined, asks: result?.code === "password_incorrect" ? "wrong" : "needed", retrying: false }
      : { result, asks: undefined, retrying: false };

  /**
   * Sends every file not unlocked yet whose password opens it here: a file that asks for its own
   * goes with what is typed on its row, the others with the shared box's. A file that needs a
   * password none of them opens stays, asking on its row; nothing is sent for it.
   */
  const submit = async () => {
    const todo = entries.filter((e) => e.result?.status !== "unlocked" && !e.refused);
    if (todo.length === 0) {
      toast({ title: unlockMessages.noFiles, variant: "destructive" });
      return;
    }
    setChecking(true);
    const verdicts = await Promise.all(
      todo.map(async (e) => {
        const pw = (e.asks ? e.password : password) || undefined;
        if (!(await locked(e))) return { e, ok: true };
        if (!pw) return { e, ok: false, asks: "needed" as const };
        return (await passwordOpens(e.file, pw).catch(() => true))
          ? { e, ok: true }
          : { e, ok: false, asks: "wrong" as const };
      }),
    );
    setChecking(false);
    const stopped = new Map(verdicts.flatMap((v) => (v.ok ? [] : [[v.e.id, v.asks] as const])));
    if (stopped.size > 0) {
      setEntries((prev) =>
        prev.map((e) => (stopped.has(e.id) ? { ...e, asks: stopped.get(e.id), result: undefined } : e)),
      );
      // The shared box is not shown beside the rows' own; what it held opens none of them.
      setPassword("");
    }
    const send = verdicts.filter((v) => v.ok).map((v) => v.e);
    if (send.length === 0 || !guard.check(tool, send.length)) return;
    const own = passwordFields(send.map((e) => (e.asks ? e.password : undefined)));
    mutation.mutate(
      {
        path: PATH,
        files: send.map((e) => e.file),
        fields: { ...(password && send.some((e) => !e.asks) ? { password } : {}), ...own },
        options: { auth: false },
      },
      {
        onSuccess: (res) => {
          const files = resultFiles(res);
          const byId = new Map(send.map((e, i) => [e.id, files[i]]));
          setEntries((prev) => prev.map((e) => (byId.has(e.id) ? { ...e, ...answered(byId.get(e.id)) } : e)));
          announce(res.message, files);
          void guard.afterConversion();
        },
        onError: failed,
      },
    );
  };

  /** Tries one file again with the password in its own box: checked here first, then sent alone. */
  const retry = async (id: string) => {
    const entry = entries.find((e) => e.id === id);
    if (!entry?.password) return;
    patch(id, { retrying: true });
    const opens = !(await locked(entry)) || (await passwordOpens(entry.file, entry.password).catch(() => true));
    if (!opens) {
      patch(id, { retrying: false, asks: "wrong" });
      return;
    }
    if (!guard.check(tool, 1)) {
      patch(id, { retrying: false });
      return;
    }
    try {
      const res = await retryMutation.mutateAsync({
        path: PATH,
        files: [entry.file],
        fields: { password: entry.password },
        options: { auth: false },
      });
      const [result] = resultFiles(res);
      patch(id, answered(result));
      announce(res.message, [result]);
      void guard.afterConversion();
    } catch (err) {
      patch(id, { retrying: false });
      failed(err);
    }
  };

  const clear = () => {
    setEntries([]);
    locks.current.clear();
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
    busy: mutation.isPending || checking,
    /** A file asks for its own password on its row: the shared box is not shown beside it. */
    asking: entries.some((e) => e.asks && !e.refused && e.result?.status !== "unlocked"),
    /** Files the button would send. */
    waiting: entries.filter((e) => e.result?.status !== "unlocked" && !e.refused).length,
  };
}
