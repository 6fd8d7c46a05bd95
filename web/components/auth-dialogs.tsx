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
import { type FormEvent, useState } from "react";
import * as v from "valibot";
import { LoginBody, RegisterBody } from "../../schema/api";
import { useLoginMutation, useRegisterMutation } from "../api/auth";
import { ApiError } from "../api/client";
import { useAuth } from "../session/auth-context";
import { toast } from "../ui/toaster";
import { Turnstile } from "./turnstile";

type Errors = Record<string, string>;

function validate(schema: v.GenericSchema, values: unknown): Errors {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? "form";
    errors[key] ??= issue.message;
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
    const found = validate(LoginBody, values);
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
      toast({ title: "Welcome back!", description: "You have been logged in successfully." });
    } catch (err) {
      const serverError = err instanceof ApiError ? err.serverError : undefined;
      const siteKey = err instanceof ApiError && err.code === "challenge_required" ? err.field("siteKey") : undefined;
      if (siteKey) setChallenge((c) => c ?? { siteKey, round: 0 });
      toast({
        title: "Login failed",
        description: serverError ?? "Please check your credentials and try again.",
        variant: "destructive",
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={set("email")}
        />
        <TextField
          name="password"
          label="Password"
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
                title: "The check could not load",
                description: "Please check your connection, then try signing in again.",
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
                title: "Password reset is not available yet",
                description:
                  "Email-based password reset is on its way. Until then, create a new account if you are locked out.",
              })
            }
          >
            Forgot your password?
          </Button>
        </HStack>
        <Button
          type="submit"
          colorPalette="red"
          bg="brand.solid"
          loading={mutation.isPending}
          loadingText="Signing in..."
          disabled={challenge !== null && token === null}
        >
          Sign In
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          New here?{" "}
          <Button
            variant="plain"
            size="sm"
            px="0"
            color="brand.fg"
            type="button"
            onClick={() => openDialog("register")}
          >
            Create Account
          </Button>
        </Text>
      </Stack>
    </form>
  );
}

function RegisterForm() {
  const { login, openDialog } = useAuth();
  const mutation = useRegisterMutation();
  const [values, setValues] = useState({ firstName: "", lastName: "", email: "", password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Errors>({});
  const set = (k: keyof typeof values) => (value: string) => setValues((s) => ({ ...s, [k]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(RegisterBody, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { sessionToken, user } = await mutation.mutateAsync(v.parse(RegisterBody, values));
      login(sessionToken, user);
      openDialog(null);
      toast({
        title: "Account created successfully!",
        description: "Welcome to PDFTools! You can now enjoy all our free features, with 10 conversions a day.",
      });
    } catch (err) {
      toast({
        title: "Registration failed",
        description: (err instanceof ApiError ? err.serverError : undefined) ?? "Please try again later.",
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
            label="First name"
            autoComplete="given-name"
            value={values.firstName}
            error={errors.firstName}
            onChange={set("firstName")}
          />
          <TextField
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            value={values.lastName}
            error={errors.lastName}
            onChange={set("lastName")}
          />
        </SimpleGrid>
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={set("email")}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={set("password")}
        />
        <TextField
          name="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={set("confirmPassword")}
        />
        <Text fontSize="xs" color="fg.muted">
          By creating an account you agree to our{" "}
          {/* A new tab: the form keeps what was typed while the terms are read. */}
          <Link asChild color="fg.muted" textDecoration="underline">
            <RouterLink to="/terms" target="_blank" rel="noopener">
              Terms of Service
            </RouterLink>
          </Link>{" "}
          and{" "}
          <Link asChild color="fg.muted" textDecoration="underline">
            <RouterLink to="/privacy" target="_blank" rel="noopener">
              Privacy Policy
            </RouterLink>
          </Link>
          .
        </Text>
        <Button
          type="submit"
          colorPalette="red"
          bg="brand.solid"
          loading={mutation.isPending}
          loadingText="Creating account..."
        >
          Create Account
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          Already have an account?{" "}
          <Button variant="plain" size="sm" px="0" color="brand.fg" type="button" onClick={() => openDialog("login")}>
            Sign In
          </Button>
        </Text>
      </Stack>
    </form>
  );
}

export function AuthDialogs() {
  const { dialog } = useAuth();
  return (
    <>
      <AuthDialog open={dialog === "login"} title="Welcome Back">
        <LoginForm />
      </AuthDialog>
      <AuthDialog open={dialog === "register"} title="Create Account">
        <RegisterForm />
      </AuthDialog>
    </>
  );
}
