import { Button } from "@chakra-ui/react";
import { useEffect } from "react";
import { FaDropbox, FaGoogleDrive } from "react-icons/fa";
import { type CloudProvider, type CloudSaveMessage, PROVIDER_NAMES, startCloudSave } from "../api/cloud";
import { usePublicConfig } from "../api/config";
import { apiErrorText } from "../i18n/errors";
import { useLocale, useT } from "../i18n/provider";
import { toast } from "../ui/toaster";

const ICONS = { google: FaGoogleDrive, dropbox: FaDropbox };

/** Toasts what a cloud-save popup reports back to this window (same origin only). */
export function useCloudSaveMessages() {
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      const m = e.data as CloudSaveMessage;
      if (m?.type !== "cloud-save") return;
      toast({ title: m.title, description: m.description, variant: m.ok ? "default" : "destructive" });
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);
}

function SaveButton({
  provider,
  downloadUrl,
  size,
}: {
  provider: CloudProvider;
  downloadUrl: string;
  size: "xs" | "sm" | "md";
}) {
  const t = useT("cloud");
  const tag = useLocale();
  const Glyph = ICONS[provider];
  const save = async () => {
    // Opened now, inside the click, so popup blockers let it through; pointed at the consent page next.
    const popup = window.open("about:blank", `cloud-save-${provider}`, "popup,width=520,height=700");
    try {
      const url = await startCloudSave(provider, downloadUrl);
      if (popup) popup.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      popup?.close();
      toast({
        title: t("saveFailed"),
        description: apiErrorText(err, tag) ?? t("unknownError"),
        variant: "destructive",
      });
    }
  };
  return (
    <Button size={size} variant="outline" onClick={save} data-testid={`save-${provider}`}>
      <Glyph aria-hidden /> {t("saveTo", { provider: PROVIDER_NAMES[provider] })}
    </Button>
  );
}

/** 'Save to Google Drive' and 'Save to Dropbox', each only where this server has the provider's keys. */
export function CloudSaveButtons({ downloadUrl, size = "sm" }: { downloadUrl: string; size?: "xs" | "sm" | "md" }) {
  const config = usePublicConfig();
  useCloudSaveMessages();
  const cloud = config.data?.cloud;
  if (!cloud) return null;
  return (
    <>
      {/* A provider this server has no keys for gets no button: nothing on the page that cannot work. */}
      {cloud.google && <SaveButton provider="google" downloadUrl={downloadUrl} size={size} />}
      {cloud.dropbox && <SaveButton provider="dropbox" downloadUrl={downloadUrl} size={size} />}
    </>
  );
}
