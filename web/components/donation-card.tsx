import {
  Alert,
  Button,
  Card,
  Field,
  HStack,
  Input,
  InputGroup,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from "@chakra-ui/react";
import { useState } from "react";
import * as v from "valibot";
import { DONATION_DEFAULT, DONATION_MAX, DONATION_MIN, DONATION_QUICK_AMOUNTS, DonationBody } from "../../schema/api";
import type { LocaleTag } from "../../schema/locales";
import { ApiError } from "../api/client";
import { usePublicConfig } from "../api/config";
import { useCreateDonation } from "../api/donations";
import { redirectToStripeCheckout } from "../api/stripe";
import { formatNumber } from "../i18n/format";
import { type Translate, useLocale, useT } from "../i18n/provider";
import { toast } from "../ui/toaster";

/** Dollars as the visitor writes money: "$5", "5,50 $", "US$5". */
const formatAmount = (n: number, tag: LocaleTag) =>
  formatNumber(n, tag, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
    maximumFractionDigits: 2,
  });

/** The schema's English messages (the API answers them) and the catalog's keys for them. */
const AMOUNT_MESSAGES: Record<string, "validation.min" | "validation.max" | "validation.decimals"> = {
  "Amount must be at least $1": "validation.min",
  "Amount cannot exceed $1000": "validation.max",
  "Amount can have at most 2 decimal places": "validation.decimals",
};

function validateAmount(raw: string, t: Translate<"donate">): { amount?: number; error?: string } {
  const amount = raw.trim() === "" ? Number.NaN : Number(raw);
  const result = v.safeParse(DonationBody.entries.amount, amount);
  if (result.success) return { amount: result.output };
  const key = AMOUNT_MESSAGES[result.issues[0].message];
  return { error: key ? t(key) : result.issues[0].message };
}

function DisabledDonationCard() {
  const t = useT("donate");
  return (
    <Card.Root
      variant="outline"
      bg="surface"
      borderRadius="2xl"
      aria-disabled="true"
      data-testid="donation-card-disabled"
    >
      <Card.Body gap="3">
        <Card.Title>
          <span aria-hidden>☕</span> {t("card.title")}
        </Card.Title>
        <Alert.Root status="warning" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t("card.disabledTitle")}</Alert.Title>
            <Alert.Description>{t("card.disabledText")}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button disabled>{t("card.donate")}</Button>
      </Card.Body>
    </Card.Root>
  );
}

export function DonationCard() {
  const t = useT("donate");
  const tag = useLocale();
  const config = usePublicConfig();
  const [raw, setRaw] = useState(String(DONATION_DEFAULT));
  const [message, setMessage] = useState("");
  const [touched, setTouched] = useState(false);
  const donation = useCreateDonation();
  const [redirecting, setRedirecting] = useState(false);
  const pending = donation.isPending || redirecting;

  if (config.isPending) return <Skeleton height="sm" borderRadius="2xl" />;
  if (!config.data?.donations.enabled) return <DisabledDonationCard />;
  const publishableKey = config.data.donations.publishableKey;

  const { amount, error } = validateAmount(raw, t);
  const showError = touched && error;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (amount === undefined) return;
    try {
      const session = await donation.mutateAsync({ amount, message: message.trim() || undefined });
      if (session.url) {
        window.open(session.url, "_blank", "noopener,noreferrer");
        toast({ title: t("toast.windowOpened"), description: t("toast.windowOpenedText") });
        return;
      }
      if (!session.sessionId) {
        toast({ title: t("toast.paymentError"), description: t("toast.invalidSession"), variant: "destructive" });
        return;
      }
      if (!publishableKey) {
        toast({ title: t("toast.paymentError"), description: t("toast.stripeFailed"), variant: "destructive" });
        return;
      }
      setRedirecting(true);
      await redirectToStripeCheckout(publishableKey, session.sessionId);
    } catch (err) {
      if (err instanceof ApiError) {
        toast({
          title: t("toast.donationError"),
          description: tag === "en" ? err.message : t("toast.creationFailed", { status: err.statusText }),
          variant: "destructive",
        });
      } else {
        toast({
          title: t("toast.paymentError"),
          description: err instanceof Error && tag === "en" ? err.message : t("toast.stripeFailed"),
          variant: "destructive",
        });
      }
    } finally {
      setRedirecting(false);
    }
  };

  return (
    <Card.Root variant="outline" bg="surface" borderRadius="2xl" shadow="sm" data-testid="donation-card">
      <Card.Body asChild gap="5">
        <form onSubmit={submit} noValidate>
          <Stack gap="1">
            <Card.Title fontSize="xl">
              <span aria-hidden>☕</span> {t("card.title")}
            </Card.Title>
            <Text color="fg.muted" fontSize="sm">
              {t("card.subtitle")}
            </Text>
          </Stack>
          <HStack gap="2" wrap="wrap" role="group" aria-label={t("card.quickAmounts")}>
            {DONATION_QUICK_AMOUNTS.map((q) => {
              const selected = amount === q && raw.trim() !== "";
              return (
                <Button
                  key={q}
                  type="button"
                  flex="1"
                  minW="16"
                  variant={selected ? "solid" : "outline"}
                  colorPalette="orange"
                  aria-pressed={selected}
                  onClick={() => {
                    setRaw(String(q));
                    setTouched(false);
                  }}
                >
                  {formatAmount(q, tag)}
                </Button>
              );
            })}
          </HStack>
          <Field.Root invalid={Boolean(showError)}>
            <Field.Label>{t("card.customAmount")}</Field.Label>
            <InputGroup startElement="$">
              <Input
                type="number"
                inputMode="decimal"
                step="0.01"
                min={DONATION_MIN}
                max={DONATION_MAX}
                value={raw}
                onChange={(e) => setRaw(e.target.value)}
                onBlur={() => setTouched(true)}
                name="amount"
              />
            </InputGroup>
            {showError && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
          <Field.Root>
            <Field.Label>
              {t("card.message")}{" "}
              <Field.RequiredIndicator
                fallback={
                  <Text as="span" color="fg.subtle" fontWeight="normal">
                    {t("card.optional")}
                  </Text>
                }
              />
            </Field.Label>
            <Textarea
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={500}
              placeholder={t("card.messagePlaceholder")}
              rows={3}
              name="message"
            />
          </Field.Root>
          <Button type="submit" size="lg" colorPalette="orange" disabled={pending} data-testid="donate-submit">
            {pending
              ? t("card.processing")
              : amount !== undefined
                ? t("card.donateAmount", { amount: formatAmount(amount, tag) })
                : t("card.donate")}
          </Button>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
