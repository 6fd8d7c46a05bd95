import { Button, HStack, IconButton, Text } from "@chakra-ui/react";
import { LuCloudUpload, LuDownload } from "react-icons/lu";
import type { ConvertedFile } from "../../schema/api";
import { apiErrorText } from "../i18n/errors";
import { useLocale, useT } from "../i18n/provider";
import { toast } from "../ui/toaster";
import { localResult } from "./answer";
import { useUploadLocalResult } from "./upload-result";

export interface LocalActionsProps {
  url: string;
  name?: string;
  label: string;
  size: "xs" | "sm" | "md" | "lg";
  primary: boolean;
  /** Called with the server's copy once the person uploaded it. */
  onUploaded(file: ConvertedFile): void;
}

/**
 * A result made on this device: Download straight from memory (an <a download> with the file's
 * name), and an explicit "Upload to share"; nothing is sent until that is pressed.
 */
export function LocalActions({ url, name, label, size, primary, onUploaded }: LocalActionsProps) {
  const t = useT("parts");
  const tag = useLocale();
  const upload = useUploadLocalResult();
  const fileName = localResult(url)?.fileName ?? name ?? "result";
  const send = () =>
    upload.mutate(url, {
      onSuccess: (file) => {
        toast({ title: t("local.uploaded"), description: t("local.uploadedText") });
        onUploaded(file);
      },
      onError: (err) =>
        toast({
          title: t("local.uploadFailed"),
          description: apiErrorText(err, tag) ?? (err instanceof Error ? err.message : String(err)),
          variant: "destructive",
        }),
    });
  return (
    <HStack gap="2" wrap="wrap" flexShrink={0} data-testid="result-actions" data-local="true">
      <Button
        asChild
        size={size}
        colorPalette={primary ? "green" : "gray"}
        variant={primary ? "solid" : "outline"}
        aria-label={name && !primary ? `${label} ${name}` : undefined}
      >
        <a href={url} download={fileName} data-download-url={url}>
          <LuDownload aria-hidden /> {label}
        </a>
      </Button>
      {/* In a file's row the words would squeeze its name away: the icon, named for readers. */}
      {size === "xs" ? (
        <IconButton
          size={size}
          variant="outline"
          loading={upload.isPending}
          onClick={send}
          aria-label={t("local.uploadToShare")}
          title={t("local.uploadToShare")}
        >
          <LuCloudUpload />
        </IconButton>
      ) : (
        <>
          <Button size={size} variant="outline" loading={upload.isPending} onClick={send}>
            <LuCloudUpload aria-hidden /> {t("local.uploadToShare")}
          </Button>
          <Text fontSize="xs" color="fg.muted">
            {t("local.madeHere")}
          </Text>
        </>
      )}
    </HStack>
  );
}
