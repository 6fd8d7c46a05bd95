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
import { ApiError } from "../api/client";
import { usePublicConfig } from "../api/config";
import { useCreateDonation } from "../api/donations";
import { redirectToStripeCheckout } from "../api/stripe";
import { toast } from "../ui/toaster";

const formatAmount = (n: number) => (Number.isInteger(n) ? `$${n}` : `$${n.toFixed(2)}`);

function validateAmount(raw: string): { amount?: number; error?: string } {
  const amount = raw.trim() === "" ? Number.NaN : Number(raw);
  const result = v.safeParse(DonationBody.entries.amount, amount);
  return result.success ? { amount: result.output } : { error: result.issues[0].message };
}

function DisabledDonationCard() {
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
          <span aria-hidden>☕</span> Buy Me a Coffee
        </Card.Title>
        <Alert.Root status="warning" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Donations are not available right now</Alert.Title>
            <Alert.Description>
              The card payment provider (Stripe) needs configuring before donations can be taken.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button disabled>Donate</Button>
      </Card.Body>
    </Card.Root>
  );
}

export function DonationCard() {
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

  const { amount, error } = validateAmount(raw);
  const showError = touched && error;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (amount === undefined) return;
    try {
      const session = await donation.mutateAsync({ amount, message: message.trim() || undefined });
      if (session.url) {
        window.open(session.url, "_blank", "noopener,noreferrer");
        toast({ title: "Payment Window Opened", description: "Complete your payment in the new tab." });
        return;
      }
      if (!session.sessionId) {
        toast({ title: "Payment Error", description: "Invalid session ID", variant: "destructive" });
        return;
      }
      if (!publishableKey) {
        toast({ title: "Payment Error", description: "Stripe failed to load", variant: "destructive" });
        return;
      }
      setRedirecting(true);
      await redirectToStripeCheckout(publishableKey, session.sessionId);
    } catch (err) {
      if (err instanceof ApiError) {
        toast({ title: "Donation Error", description: err.message, variant: "destructive" });
      } else {
        toast({
          title: "Payment Error",
          description: err instanceof Error ? err.message : "Stripe failed to load",
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
              <span aria-hidden>☕</span> Buy Me a Coffee
            </Card.Title>
            <Text color="fg.muted" fontSize="sm">
              One-off, secure card payment through Stripe.
            </Text>
          </Stack>
          <HStack gap="2" wrap="wrap" role="group" aria-label="Quick amounts">
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
                  ${q}
                </Button>
              );
            })}
          </HStack>
          <Field.Root invalid={Boolean(showError)}>
            <Field.Label>Custom amount (USD)</Field.Label>
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
              Message{" "}
              <Field.RequiredIndicator
                fallback={
                  <Text as="span" color="fg.subtle" fontWeight="normal">
                    (optional)
                  </Text>
                }
              />
            </Field.Label>
            <Textarea
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={500}
              placeholder="Say thanks, or tell us what to build next"
              rows={3}
              name="message"
            />
          </Field.Root>
          <Button type="submit" size="lg" colorPalette="orange" disabled={pending} data-testid="donate-submit">
            {pending ? "Processing..." : `Donate ${amount !== undefined ? formatAmount(amount) : ""}`.trim()}
          </Button>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
