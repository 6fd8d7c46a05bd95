import { Button, HStack } from "@chakra-ui/react";
import { useState } from "react";
import { LuDownload } from "react-icons/lu";
import type { ConvertedFile } from "../../schema/api";
import { CloudSaveButtons } from "../components/cloud-save";
import { ShareButton } from "../components/share-button";
import { isLocalUrl } from "../device/answer";
import { LocalActions } from "../device/local-actions";
import { useT } from "../i18n/provider";
import { isDownloadLink, startDownload } from "./download";

export type ResultFile = Pick<ConvertedFile, "downloadUrl" | "convertedName" | "size" | "expiresAt">;

export interface ResultActionsProps {
  result: ResultFile;
  /** The download button's words; "Download" unless the page says otherwise ('Download Merged PDF'). */
  label?: string;
  size?: "xs" | "sm" | "md" | "lg";
  /** The main result of a page gets the solid button; a row in a list gets a quieter one. */
  emphasis?: "primary" | "secondary";
}

/**
 * What a person can do with a result. Every tool page shows its results through this one
 * component, so actions added here (share, save to cloud) appear everywhere at once.
 */
export function ResultActions({ result, label: given, size = "sm", emphasis = "secondary" }: ResultActionsProps) {
  const t = useT("tool-shell");
  const label = given ?? t("result.download");
  // A result made on this device, until the person uploads it: then its server copy's actions.
  const [uploaded, setUploaded] = useState<{ from: string; file: ResultFile }>();
  const local = isLocalUrl(result.downloadUrl) && uploaded?.from !== result.downloadUrl;
  const url = uploaded && uploaded.from === result.downloadUrl ? uploaded.file.downloadUrl : result.downloadUrl;
  const primary = emphasis === "primary";
  if (local && url) {
    return (
      <LocalActions
        url={url}
        name={result.convertedName}
        label={label}
        size={size}
        primary={primary}
        onUploaded={(file) => setUploaded({ from: url, file })}
      />
    );
  }
  return (
    <HStack gap="2" wrap="wrap" data-testid="result-actions">
      <Button
        size={size}
        colorPalette={primary ? "green" : "gray"}
        variant={primary ? "solid" : "outline"}
        disabled={!isDownloadLink(url)}
        onClick={() => startDownload(url)}
        data-download-url={url}
        aria-label={result.convertedName && !primary ? `${label} ${result.convertedName}` : undefined}
      >
        <LuDownload aria-hidden /> {label}
      </Button>
      {isDownloadLink(url) && (
        <>
          <ShareButton downloadUrl={url} fileName={uploaded?.file.convertedName ?? result.convertedName} size={size} />
          <CloudSaveButtons downloadUrl={url} size={size === "lg" ? "md" : size} />
        </>
      )}
    </HStack>
  );
}
