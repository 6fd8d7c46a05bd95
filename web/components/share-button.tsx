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
import { useCreateShare } from "../api/share";
import { apiErrorText } from "../i18n/errors";
import { formatDateTime } from "../i18n/format";
import { useLocale, useT } from "../i18n/provider";
import { toast } from "../ui/toaster";

const CHOICES: readonly ShareExpiry[] = ["1h", "24h", "7d"];

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
  const t = useT("parts");
  const tag = useLocale();
  const choices = CHOICES.map((value) => ({ value, label: t(`share.expiry.${value}`) }));

  const create = async () => {
    try {
      setLink(await share.mutateAsync({ downloadUrl, expiresIn }));
    } catch (err) {
      toast({
        title: t("share.failed"),
        description: apiErrorText(err, tag) ?? t("share.tryAgain"),
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
          aria-label={fileName ? t("share.buttonNamed", { name: fileName }) : t("share.button")}
          data-testid="share-button"
        >
          <LuShare2 aria-hidden /> {t("share.button")}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{fileName ? t("share.title", { name: fileName }) : t("share.titleThis")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted" fontSize="sm">
                  {t("share.explain")}
                </Text>
                <Field.Root>
                  <Field.Label>{t("share.expiresAfter")}</Field.Label>
                  <SegmentGroup.Root
                    value={expiresIn}
                    onValueChange={(e) => {
                      setExpiresIn(e.value as ShareExpiry);
                      setLink(null);
                    }}
                    size="sm"
                  >
                    <SegmentGroup.Indicator />
                    <SegmentGroup.Items items={choices} />
                  </SegmentGroup.Root>
                </Field.Root>
                {link ? (
                  <Clipboard.Root value={link.shareUrl}>
                    <Clipboard.Label fontSize="sm" fontWeight="medium">
                      {t("share.link")}
                    </Clipboard.Label>
                    <InputGroup
                      endElement={
                        <Clipboard.Trigger asChild>
                          <IconButton variant="ghost" size="xs" me="-2" aria-label={t("share.copy")}>
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
                      {t("share.expires", { date: formatDateTime(link.expiresAt, tag) })}
                    </Text>
                  </Clipboard.Root>
                ) : (
                  <Button
                    onClick={create}
                    loading={share.isPending}
                    loadingText={t("share.creating")}
                    colorPalette="blue"
                  >
                    {t("share.create")}
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
