import {
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  Link,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link as RouterLink } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, Suspense, useState } from "react";
import * as v from "valibot";
import { LoginBody, NEW_PASSWORD_PROBLEMS, type NewPasswordProblem, RegisterBody } from "../../schema/api";
import { DEFAULT_LIMITS } from "../../schema/tools";
import { useLoginMutation, useRegisterMutation } from "../api/auth";
import { ApiError } from "../api/client";
import { apiErrorText } from "../i18n/errors";
import { type Translate, useLocale, useT } from "../i18n/provider";
import { Rich } from "../i18n/rich";
import { useAuth } from "../session/auth-context";
import { toast } from "../ui/toaster";
import { Turnstile } from "./turnstile";

type Errors = Record<string, string>;

/** The schemas' English messages (the API answers them too) and the catalog's keys for them. */
const MESSAGES: Record<string, Parameters<Translate<"auth">>[0]> = {
  "Please enter a valid email address": "validation.email",
  "Password must be at least 6 characters": "validation.password",
  "Password must be at most 256 characters": "validation.passwordMax",
  "First name is required": "validation.firstName",
  "Last name is required": "validation.lastName",
  "Name must be at most 100 characters": "validation.nameMax",
  "Passwords do not match": "validation.mismatch",
};

/** The server's reasons for refusing a new password (worker/services/common-passwords.ts), by catalog key. */
const PASSWORD_PROBLEMS: Record<NewPasswordProblem, Parameters<Translate<"auth">>[0]> = {
  too_short: "validation.passwordTooShort",
  common: "validation.passwordCommon",
  personal: "validation.passwordPersonal",
};

/** Why the server refused the new password, when that is what it answered. */
function passwordProblemOf(err: unknown): NewPasswordProblem | undefined {
  const problem = err instanceof ApiError ? err.field("passwordProblem") : undefined;
  return NEW_PASSWORD_PROBLEMS.find((p) => p === problem);
}

function validate(schema: v.GenericSchema, values: unknown, t: Translate<"auth">): Errors {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? "form";
    const known = MESSAGES[issue.message];
    errors[key] ??= known ? t(known) : issue.message;
  }
  return errors;
}

function TextField(props: {
  name: string;
  label: string;
  type?: string;
  value: string;
  error?: string;
  autoComplete?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(props.error)}>
      <Field.Label>{props.label}</Field.Label>
      <Input
        name={props.name}
        type={props.type ?? "text"}
        value={props.value}
        autoComplete={props.autoComplete}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && <Field.ErrorText>{props.error}</Field.ErrorText>}
    </Field.Root>
  );
}

function AuthDialog({ open, title, children }: { open: boolean; title: string; children: React.ReactNode }) {
  const { openDialog } = useAuth();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && openDialog(null)}
      placement="center"
      size="sm"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">{children}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function LoginForm() {
  const t = useT("auth");
  const tag = useLocale();
  const { login, openDialog } = useAuth();
  const mutation = useLoginMutation();
  const [values, setValues] = useState({ email: "", password: "" });
  const [errors, setErrors] = useState<Errors>({});
  const set = (k: keyof typeof values) => (value: string) => setValues((s) => ({ ...s, [k]: value }));
  // After repeated failures the server asks for a Turnstile challenge; each token is good once.
  const [challenge, setChallenge] = useState<{ siteKey: string; round: number } | null>(null);
  const [token, setToken] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(LoginBody, values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const body = v.parse(LoginBody, { ...values, ...(token ? { challenge: token } : {}) });
      if (challenge) {
        setToken(null);
        setChallenge({ ...challenge, round: challenge.round + 1 });
      }
      const { sessionToken, user } = await mutation.mutateAsync(body);
      login(sessionToken, user);
      openDialog(null);
      toast({ title: t("toast.welcomeBack"), description: t("toast.loggedIn") });
    } catch (err) {
      const siteKey = err instanceof ApiError && err.code === "challenge_required" ? err.field("siteKey") : undefined;
      if (siteKey) setChallenge((c) => c ?? { siteKey, round: 0 });
      toast({
        title: t("toast.loginFailed"),
        description:
          apiErrorText(err, tag, { unauthorized: t("error.invalidCredentials") }) ?? t("toast.checkCredentials"),
        variant: "destructive",
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <TextField
          name="email"
          label={t("field.email")}
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={set("email")}
        />
        <TextField
          name="password"
          label={t("field.password")}
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={set("password")}
        />
        {challenge && (
          <Turnstile
            siteKey={challenge.siteKey}
            round={challenge.round}
            onToken={setToken}
            onUnavailable={() =>
              toast({
                title: t("login.checkFailedTitle"),
                description: t("login.checkFailedText"),
                variant: "destructive",
              })
            }
          />
        )}
        <HStack justify="end" mt="-2">
          <Button
            variant="plain"
            size="xs"
            px="0"
            color="fg.muted"
            type="button"
            onClick={() =>
              toast({
                title: t("login.forgotTitle"),
                description: t("login.forgotText"),
              })
            }
          >
            {t("login.forgot")}
          </Button>
        </HStack>
        <Button
          type="submit"
          colorPalette="red"
          bg="brand.solid"
          loading={mutation.isPending}
          loadingText={t("login.submitting")}
          disabled={challenge !== null && token === null}
        >
          {t("login.submit")}
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          <Rich
            ns="auth"
            k="login.newHere"
            components={[
              <Button
                key="0"
                variant="plain"
                size="sm"
                px="0"
                color="brand.fg"
                type="button"
                onClick={() => openDialog("register")}
              />,
            ]}
          />
        </Text>
      </Stack>
    </form>
  );
}

/**
 * A link to a legal page, in a new tab (the form keeps what was typed while the terms are read).
 * Its own component: <Rich> gives it the translated words as children, which `asChild` needs inside
 * the router's link, not in place of it.
 */
function LegalLink({ to, children }: { to: "/terms" | "/privacy"; children?: ReactNode }) {
  return (
    <Link asChild color="fg.muted" textDecoration="underline">
      <RouterLink to={to} target="_blank" rel="noopener">
        {children}
      </RouterLink>
    </Link>
  );
}

function RegisterForm() {
  const t = useT("auth");
  const tag = useLocale();
  const { login, openDialog } = useAuth();
  const mutation = useRegisterMutation();
  const [values, setValues] = useState({ firstName: "", lastName: "", email: "", password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Errors>({});
  const set = (k: keyof typeof values) => (value: string) => setValues((s) => ({ ...s, [k]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(RegisterBody, values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { sessionToken, user } = await mutation.mutateAsync(v.parse(RegisterBody, values));
      login(sessionToken, user);
      openDialog(null);
      toast({
        title: t("toast.created"),
        description: t("toast.welcome", { daily: user.dailyLimit ?? DEFAULT_LIMITS.daily.free }),
      });
    } catch (err) {
      // A password the server refuses (too short for a new one, guessable) is said by its field too.
      const problem = passwordProblemOf(err);
      if (problem) setErrors({ password: t(PASSWORD_PROBLEMS[problem]) });
      toast({
        title: t("toast.registrationFailed"),
        description:
          (problem && t(PASSWORD_PROBLEMS[problem])) ??
          apiErrorText(err, tag, { conflict: t("error.emailTaken") }) ??
          t("toast.tryLater"),
        variant: "destructive",
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <SimpleGrid columns={2} gap="3">
          <TextField
            name="firstName"
            label={t("field.firstName")}
            autoComplete="given-name"
            value={values.firstName}
            error={errors.firstName}
            onChange={set("firstName")}
          />
          <TextField
            name="lastName"
            label={t("field.lastName")}
            autoComplete="family-name"
            value={values.lastName}
            error={errors.lastName}
            onChange={set("lastName")}
          />
        </SimpleGrid>
        <TextField
          name="email"
          label={t("field.email")}
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={set("email")}
        />
        <TextField
          name="password"
          label={t("field.password")}
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={set("password")}
        />
        <TextField
          name="confirmPassword"
          label={t("field.confirmPassword")}
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={set("confirmPassword")}
        />
        <Text fontSize="xs" color="fg.muted">
          {/* New tabs: the form keeps what was typed while the terms are read. */}
          <Rich
            ns="auth"
            k="register.agree"
            components={(["/terms", "/privacy"] as const).map((to) => <LegalLink key={to} to={to} />)}
          />
        </Text>
        <Button
          type="submit"
          colorPalette="red"
          bg="brand.solid"
          loading={mutation.isPending}
          loadingText={t("register.submitting")}
        >
          {t("register.submit")}
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          <Rich
            ns="auth"
            k="register.haveAccount"
            components={[
              <Button
                key="0"
                variant="plain"
                size="sm"
                px="0"
                color="brand.fg"
                type="button"
                onClick={() => openDialog("login")}
              />,
            ]}
          />
        </Text>
      </Stack>
    </form>
  );
}

export function AuthDialogs() {
  const { dialog } = useAuth();
  // The dialogs' words load when one first opens, not with every page; then they stay mounted
  // so closing animates as before.
  const [wanted, setWanted] = useState(false);
  if (dialog && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OpenDialogs dialog={dialog} />
    </Suspense>
  );
}

function OpenDialogs({ dialog }: { dialog: "login" | "register" | null }) {
  const t = useT("auth");
  return (
    <>
      <AuthDialog open={dialog === "login"} title={t("login.title")}>
        <LoginForm />
      </AuthDialog>
      <AuthDialog open={dialog === "register"} title={t("register.title")}>
        <RegisterForm />
      </AuthDialog>
    </>
  );
}
