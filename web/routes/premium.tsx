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
import { ApiError } from "../api/client";
import { usePublicConfig } from "../api/config";
import { usePremiumCheckout } from "../api/premium";
import { allowanceOf, DAILY } from "../session/allowance";
import { useAuth } from "../session/auth-context";
import { toast } from "../ui/toaster";

/** ?status= comes back from Stripe Checkout; anything else is ignored. */
const Search = v.object({ status: v.fallback(v.optional(v.picklist(["success", "cancelled"])), undefined) });

export const Route = createFileRoute("/premium")({
  validateSearch: (s) => v.parse(Search, s),
  component: Premium,
});

const plans = [
  { name: "Guest", daily: "2 conversions a day", items: ["Every tool", "No account needed"] },
  { name: "Free account", daily: "10 conversions a day", items: ["Every tool", "File history", "Share links"] },
  {
    name: "Premium",
    daily: "Unlimited conversions",
    items: ["Every tool", "File history", "Share links", "Supports the project"],
  },
];

function UpgradeAction() {
  const { user, isLoading, openDialog } = useAuth();
  const config = usePublicConfig();
  const checkout = usePremiumCheckout();
  if (isLoading || config.isPending) return null;
  if (!config.data?.premium.enabled) return <NotOffered />;
  if (!user) {
    return (
      <Stack gap="2" align="start">
        <Button size="lg" colorPalette="yellow" onClick={() => openDialog("login")}>
          <LuLogIn /> Sign in to upgrade
        </Button>
        <Text fontSize="sm" color="fg.muted">
          Premium belongs to an account, so please sign in or create one first.
        </Text>
      </Stack>
    );
  }
  if (allowanceOf(user).tier === "premium") {
    return (
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Title>You have Premium. Thank you for supporting PDFTools!</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Button
      size="lg"
      colorPalette="yellow"
      loading={checkout.isPending}
      loadingText="Processing..."
      onClick={async () => {
        try {
          const { url } = await checkout.mutateAsync();
          if (url) window.location.assign(url);
        } catch (err) {
          toast({
            title: "Upgrade failed",
            description: err instanceof ApiError ? err.message : "Please try again.",
            variant: "destructive",
          });
        }
      }}
    >
      <LuCrown /> Upgrade to Premium{config.data.premium.priceLabel ? ` for ${config.data.premium.priceLabel}` : ""}
    </Button>
  );
}

/**
 * Where this server takes no payments for Premium: what it would give, that it is not offered
 * here, and the ways forward that do exist (a donation, a free account).
 */
function NotOffered() {
  const { user, openDialog } = useAuth();
  const config = usePublicConfig().data;
  const daily = config?.limits.daily ?? DAILY;
  return (
    <Stack gap="5" align="center" maxW="xl" data-testid="premium-not-offered">
      <Alert.Root status="info" textAlign="start">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>This server does not offer Premium</Alert.Title>
          <Alert.Description>
            Premium would give you unlimited conversions every day, on every tool. The people running this copy of
            PDFTools have not set up payments for it, so there is nothing to buy here. Everything else stays free:{" "}
            {daily.guest} conversions a day without an account, {daily.free} with a free account, and any number on your
            own device.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <HStack gap="3" wrap="wrap" justify="center">
        {config?.donations.enabled && (
          <Button asChild size="lg" bg="orange.700" color="white" _hover={{ bg: "orange.800" }}>
            <Link to="/donate">
              <span aria-hidden>☕</span> Support us with a donation
            </Link>
          </Button>
        )}
        {!user && (
          <Button size="lg" variant="outline" onClick={() => openDialog("register")}>
            Create a free account
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

function Premium() {
  const { status } = Route.useSearch();
  const { refresh } = useAuth();
  const config = usePublicConfig();
  const notOffered = config.data !== undefined && !config.data.premium.enabled;
  useEffect(() => {
    if (status === "success") void refresh();
  }, [status, refresh]);

  return (
    <Container maxW="5xl" py={{ base: "10", md: "16" }}>
      <Stack gap="10">
        <Stack gap="4" align="center" textAlign="center">
          <Badge colorPalette="yellow" size="lg" borderRadius="full" px="3">
            <LuCrown /> Premium
          </Badge>
          <Heading as="h1" size={{ base: "3xl", md: "4xl" }} letterSpacing="-0.02em">
            Upgrade to Premium
          </Heading>
          <Text fontSize="lg" color="fg.muted" maxW="2xl">
            Unlimited conversions every day, on every tool, and you keep PDFTools free for everyone else.
          </Text>
          {status === "success" && (
            <Alert.Root status="success" maxW="xl">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Thank you! Your payment went through.</Alert.Title>
                <Alert.Description>
                  Premium switches on as soon as Stripe confirms it, usually within a few seconds.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {status === "cancelled" && (
            <Alert.Root status="info" maxW="xl">
              <Alert.Indicator />
              <Alert.Title>The upgrade was cancelled. Nothing was charged.</Alert.Title>
            </Alert.Root>
          )}
          <UpgradeAction />
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
          {plans.map((p) => (
            <Card.Root
              key={p.name}
              variant="outline"
              bg="surface"
              borderRadius="xl"
              borderColor={p.name === "Premium" ? "yellow.400" : undefined}
              borderWidth={p.name === "Premium" ? "2px" : "1px"}
            >
              <Card.Body gap="3">
                <HStack justify="space-between">
                  <Text fontWeight="semibold">{p.name}</Text>
                  {p.name === "Premium" && <Icon as={LuCrown} color="yellow.500" />}
                </HStack>
                {p.name === "Premium" && notOffered && (
                  <Badge colorPalette="gray" alignSelf="start">
                    Not offered on this server
                  </Badge>
                )}
                <Text fontSize="xl" fontWeight="bold">
                  {p.daily}
                </Text>
                <List.Root gap="1" variant="plain">
                  {p.items.map((i) => (
                    <List.Item key={i} fontSize="sm" color="fg.muted">
                      <List.Indicator asChild color="green.500">
                        <LuCheck />
                      </List.Indicator>
                      {i}
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
