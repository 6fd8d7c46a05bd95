import { useState } from "react";
import { convertPath } from "../../schema/options";
import { toolsById } from "../../schema/tools";
import { formFailureMessage, useConversion } from "../api/convert";
import { useAllowanceGuard } from "../session/allowance";
import { toast } from "../ui/toaster";
import { messages } from "./messages";
import { sizeLimitMB } from "./validation";

const m = messages.watermark;
const tool = toolsById["watermark-pdf"];
const MB = 1024 * 1024;
let counter = 0;
export const OPACITY = { min: 0.1, max: 1, step: 0.1, initial: 0.3 } as const;

/** The watermark form (spec section 5): PDFs, text (default CONFIDENTIAL), opacity 0.1-1 (default 0.3). */
export function useWatermark() {
  const [entries, setEntries] = useState<{ id: string; file: File }[]>([]);
  const files = entries.map((e) => e.file);
  const [text, setTextState] = useState<string>(m.defaultText);
  const [opacity, setOpacity] = useState<number>(OPACITY.initial);
  const [textError, setTextError] = useState<string>();
  const mutation = useConversion();
  const guard = useAllowanceGuard();

  const addFiles = (list: readonly File[]) => {
    const pdfs = list.filter((f) => f.type === "application/pdf");
    if (pdfs.length < list.length) {
      toast({ title: m.invalidFilesTitle, description: m.invalidFilesDescription, variant: "destructive" });
    }
    // Spec section 9: 25 MB for every tool, checked here rather than after a wasted upload.
    const limit = sizeLimitMB(tool);
    const fitting = pdfs.filter((f) => f.size <= limit * MB);
    if (fitting.length < pdfs.length) {
      toast({ title: m.invalidFilesTitle, description: `File size exceeds ${limit}MB limit`, variant: "destructive" });
    }
    if (fitting.length === 0) return;
    setEntries((prev) => [...prev, ...fitting.map((file) => ({ id: `wm-${++counter}`, file }))]);
    mutation.reset();
  };

  const removeFile = (id: string) => {
    setEntries((prev) => prev.filter((e) => e.id !== id));
    mutation.reset();
  };

  const setText = (value: string) => {
    setTextState(value);
    if (value.trim().length > 0) setTextError(undefined);
  };

  const submit = () => {
    if (text.trim().length < 1) {
      setTextError(m.textRequired);
      return;
    }
    if (files.length === 0) {
      toast({ title: m.noFiles, variant: "destructive" });
      return;
    }
    if (!guard.check()) return;
    mutation.mutate(
      {
        path: convertPath("watermark-pdf"),
        files,
        // Opacity travels as text, one decimal, as the slider shows it.
        fields: { watermarkText: text, opacity: opacity.toFixed(1) },
        options: { auth: false },
      },
      {
        onSuccess: (res) => {
          toast({ title: res.message || m.completed });
          void guard.afterConversion();
        },
        onError: (err) =>
          toast({ title: m.errorTitle, description: formFailureMessage(err, m.fallback), variant: "destructive" }),
      },
    );
  };

  const clear = () => {
    setEntries([]);
    mutation.reset();
  };

  return {
    files,
    entries,
    addFiles,
    removeFile,
    clear,
    text,
    setText,
    textError,
    opacity,
    setOpacity,
    submit,
    mutation,
  };
}
