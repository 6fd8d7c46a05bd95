import { Button, HStack } from "@chakra-ui/react";
import { LuDownload } from "react-icons/lu";
import type { ConvertedFile } from "../../schema/api";
import { CloudSaveButtons } from "../components/cloud-save";
import { ShareButton } from "../components/share-button";
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
export function ResultActions({ result, label = "Download", size = "sm", emphasis = "secondary" }: ResultActionsProps) {
  const url = result.downloadUrl;
  const primary = emphasis === "primary";
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
          <ShareButton downloadUrl={url} fileName={result.convertedName} size={size} />
          <CloudSaveButtons downloadUrl={url} size={size === "lg" ? "md" : size} />
        </>
      )}
    </HStack>
  );
}
