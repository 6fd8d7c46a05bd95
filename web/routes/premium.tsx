import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  Icon,
  List,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { LuCheck, LuCrown, LuLogIn } from "react-icons/lu";
import * as v from "valibot";
import { usePublicConfig } from "../api/config";
import { usePremiumCheckout } from "../api/premium";
import { apiErrorText } from "../i18n/errors";
import { namespaces } from "../i18n/loader";
import { useLocale, useT } from "../i18n/provider";
import { allowanceOf, DAILY } from "../session/allowance";
import { useAuth } from "../session/auth-context";
import { toast } from "../ui/toaster";

/** ?status= comes back from Stripe Checkout; anything else is ignored. */
const Search = v.object({ status: v.fallback(v.optional(v.picklist(["success", "cancelled"])), undefined) });

export const Route = createFileRoute("/premium")({
  validateSearch: (s) => v.parse(Search, s),
  component: Premium,
  loader: namespaces("premium"),
});

const plans = [
  { id: "guest", items: ["everyTool", "noAccount"] },
  { id: "free", items: ["everyTool", "history", "shareLinks"] },
  { id: "premium", items: ["everyTool", "history", "shareLinks", "supports"] },
] as const;

function UpgradeAction() {
  const t = useT("premium");
  const tag = useLocale();
  const { user, isLoading, openDialog } = useAuth();
  const config = usePublicConfig();
  const checkout = usePremiumCheckout();
  if (isLoading || config.isPending) return null;
  if (!config.data?.premium.enabled) return <NotOffered />;
  if (!user) {
    return (
      <Stack gap="2" align="start">
        <Button size="lg" colorPalette="yellow" onClick={() => openDialog("login")}>
          <LuLogIn /> {t("signInToUpgrade")}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {t("signInText")}
        </Text>
      </Stack>
    );
  }
  if (allowanceOf(user).tier === "premium") {
    return (
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Title>{t("havePremium")}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Button
      size="lg"
      colorPalette="yellow"
      loading={checkout.isPending}
      loadingText={t("processing")}
      onClick={async () => {
        try {
          const { url } = await checkout.mutateAsync();
          if (url) window.location.assign(url);
        } catch (err) {
          toast({
            title: t("upgradeFailed"),
            description: apiErrorText(err, tag) ?? t("tryAgain"),
            variant: "destructive",
          });
        }
      }}
    >
      <LuCrown />{" "}
      {config.data.premium.priceLabel ? t("upgradeFor", { price: config.data.premium.priceLabel }) : t("upgrade")}
    </Button>
  );
}

/**
 * Where this server takes no payments for Premium: what it would give, that it is not offered
 * here, and the ways forward that do exist (a donation, a free account).
 */
function NotOffered() {
  const t = useT("premium");
  const { user, openDialog } = useAuth();
  const config = usePublicConfig().data;
  const daily = config?.limits.daily ?? DAILY;
  return (
    <Stack gap="5" align="center" maxW="xl" data-testid="premium-not-offered">
      <Alert.Root status="info" textAlign="start">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t("notOffered.title")}</Alert.Title>
          <Alert.Description>{t("notOffered.text", { guest: daily.guest, free: daily.free })}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <HStack gap="3" wrap="wrap" justify="center">
        {config?.donations.enabled && (
          <Button asChild size="lg" bg="orange.700" color="white" _hover={{ bg: "orange.800" }}>
            <Link to="/donate">
              <span aria-hidden>☕</span> {t("donate")}
            </Link>
          </Button>
        )}
        {!user && (
          <Button size="lg" variant="outline" onClick={() => openDialog("register")}>
            {t("createAccount")}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

function Premium() {
  const t = useT("premium");
  const { status } = Route.useSearch();
  const { refresh } = useAuth();
  const config = usePublicConfig();
  const notOffered = config.data !== undefined && !config.data.premium.enabled;
  const daily = config.data?.limits.daily ?? DAILY;
  useEffect(() => {
    if (status === "success") void refresh();
  }, [status, refresh]);

  return (
    <Container maxW="5xl" py={{ base: "10", md: "16" }}>
      <Stack gap="10">
        <Stack gap="4" align="center" textAlign="center">
          <Badge colorPalette="yellow" size="lg" borderRadius="full" px="3">
            <LuCrown /> {t("badge")}
          </Badge>
          <Heading as="h1" size={{ base: "3xl", md: "4xl" }} letterSpacing="-0.02em">
            {t("title")}
          </Heading>
          <Text fontSize="lg" color="fg.muted" maxW="2xl">
            {t("subtitle")}
          </Text>
          {status === "success" && (
            <Alert.Root status="success" maxW="xl">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t("success.title")}</Alert.Title>
                <Alert.Description>{t("success.text")}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {status === "cancelled" && (
            <Alert.Root status="info" maxW="xl">
              <Alert.Indicator />
              <Alert.Title>{t("cancelled")}</Alert.Title>
            </Alert.Root>
          )}
          <UpgradeAction />
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
          {plans.map((p) => (
            <Card.Root
              key={p.id}
              variant="outline"
              bg="surface"
              borderRadius="xl"
              borderColor={p.id === "premium" ? "yellow.400" : undefined}
              borderWidth={p.id === "premium" ? "2px" : "1px"}
            >
              <Card.Body gap="3">
                <HStack justify="space-between">
                  <Text fontWeight="semibold">{t(`plan.${p.id}`)}</Text>
                  {p.id === "premium" && <Icon as={LuCrown} color="yellow.500" />}
                </HStack>
                {p.id === "premium" && notOffered && (
                  <Badge colorPalette="gray" alignSelf="start">
                    {t("notOfferedBadge")}
                  </Badge>
                )}
                <Text fontSize="xl" fontWeight="bold">
                  {p.id === "premium"
                    ? t("unlimited")
                    : t("perDay", { count: p.id === "guest" ? daily.guest : daily.free })}
                </Text>
                <List.Root gap="1" variant="plain">
                  {p.items.map((i) => (
                    <List.Item key={i} fontSize="sm" color="fg.muted">
                      <List.Indicator asChild color="green.500">
                        <LuCheck />
                      </List.Indicator>
                      {t(`item.${i}`)}
                    </List.Item>
                  ))}
                </List.Root>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
