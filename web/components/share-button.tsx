import {
  Button,
  Clipboard,
  CloseButton,
  Dialog,
  Field,
  IconButton,
  Input,
  InputGroup,
  Portal,
  SegmentGroup,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useState } from "react";
import { LuCheck, LuCopy, LuShare2 } from "react-icons/lu";
import type { ShareExpiry, ShareResponse } from "../../schema/api";
import { ApiError } from "../api/client";
import { useCreateShare } from "../api/share";
import { toast } from "../ui/toaster";

const CHOICES: { value: ShareExpiry; label: string }[] = [
  { value: "1h", label: "1 hour" },
  { value: "24h", label: "24 hours" },
  { value: "7d", label: "7 days" },
];

/** Creates a public link to a result and shows it with a copy button and its expiry. */
export function ShareButton({
  downloadUrl,
  fileName,
  size = "sm",
}: {
  downloadUrl: string;
  fileName?: string;
  size?: "xs" | "sm" | "md" | "lg";
}) {
  const [open, setOpen] = useState(false);
  const [expiresIn, setExpiresIn] = useState<ShareExpiry>("24h");
  const [link, setLink] = useState<ShareResponse | null>(null);
  const share = useCreateShare();

  const create = async () => {
    try {
      setLink(await share.mutateAsync({ downloadUrl, expiresIn }));
    } catch (err) {
      toast({
        title: "Could not create the link",
        description: err instanceof ApiError ? err.message : "Please try again.",
        variant: "destructive",
      });
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (!e.open) setLink(null);
      }}
      placement="center"
      size="sm"
      lazyMount
      unmountOnExit
    >
      <Dialog.Trigger asChild>
        <Button
          size={size}
          variant="outline"
          aria-label={fileName ? `Share ${fileName}` : "Share"}
          data-testid="share-button"
        >
          <LuShare2 aria-hidden /> Share
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Share {fileName ?? "this file"}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted" fontSize="sm">
                  Anyone with the link can download the file until it expires. No account needed.
                </Text>
                <Field.Root>
                  <Field.Label>Link expires after</Field.Label>
                  <SegmentGroup.Root
                    value={expiresIn}
                    onValueChange={(e) => {
                      setExpiresIn(e.value as ShareExpiry);
                      setLink(null);
                    }}
                    size="sm"
                  >
                    <SegmentGroup.Indicator />
                    <SegmentGroup.Items items={CHOICES} />
                  </SegmentGroup.Root>
                </Field.Root>
                {link ? (
                  <Clipboard.Root value={link.shareUrl}>
                    <Clipboard.Label fontSize="sm" fontWeight="medium">
                      Share link
                    </Clipboard.Label>
                    <InputGroup
                      endElement={
                        <Clipboard.Trigger asChild>
                          <IconButton variant="ghost" size="xs" me="-2" aria-label="Copy link">
                            <Clipboard.Indicator copied={<LuCheck />}>
                              <LuCopy />
                            </Clipboard.Indicator>
                          </IconButton>
                        </Clipboard.Trigger>
                      }
                    >
                      <Clipboard.Input asChild>
                        <Input readOnly data-testid="share-url" />
                      </Clipboard.Input>
                    </InputGroup>
                    <Text fontSize="sm" color="fg.muted" mt="2" data-testid="share-expiry">
                      Expires{" "}
                      {new Date(link.expiresAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
                    </Text>
                  </Clipboard.Root>
                ) : (
                  <Button onClick={create} loading={share.isPending} loadingText="Creating link..." colorPalette="blue">
                    Create link
                  </Button>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
