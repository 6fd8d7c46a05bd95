import { sql } from "drizzle-orm";
import { check, index, integer, numeric, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Timestamps are stored as Unix milliseconds. The SQL default covers rows written outside
// drizzle (wrangler d1 execute, migrations); drizzle inserts use $defaultFn for ms precision.
const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const createdAt = () =>
  timestamp("createdAt")
    .notNull()
    .default(now)
    .$defaultFn(() => new Date());

// SQLite has no DECIMAL(10,2): the CHECK keeps money at two decimals and ten digits.
const money = (name: string) => numeric(name, { mode: "number" });
const moneyCheck = (table: string, column: string) =>
  check(
    `${table}_${column}_decimal_10_2`,
    sql`${sql.identifier(column)} is null or (round(${sql.identifier(column)}, 2) = ${sql.identifier(column)} and abs(${sql.identifier(column)}) < 100000000)`,
  );

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  password: text("password").notNull(),
  firstName: text("firstName"),
  lastName: text("lastName"),
  role: text("role").notNull().default("free"),
  subscriptionStatus: text("subscriptionStatus").default("inactive"),
  subscriptionPlan: text("subscriptionPlan"),
  stripeCustomerId: text("stripeCustomerId"),
  subscriptionStartDate: timestamp("subscriptionStartDate"),
  subscriptionEndDate: timestamp("subscriptionEndDate"),
  dailyConversions: integer("dailyConversions").default(0),
  dailyConversionsReset: timestamp("dailyConversionsReset"),
  createdAt: createdAt(),
  updatedAt: timestamp("updatedAt")
    .notNull()
    .default(now)
    .$defaultFn(() => new Date()),
  emailVerified: integer("emailVerified", { mode: "boolean" }).default(false),
  resetToken: text("resetToken"),
  resetTokenExpiry: timestamp("resetTokenExpiry"),
});

export const fileHistory = sqliteTable(
  "file_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("userId").references(() => users.id, { onDelete: "cascade" }),
    originalFilename: text("originalFilename").notNull(),
    /** Every input's name (a JSON array) when the result was made from several (merge); else null. */
    sourceFilenames: text("sourceFilenames"),
    convertedFilename: text("convertedFilename"),
    conversionType: text("conversionType").notNull(),
    fileSize: integer("fileSize"),
    status: text("status").notNull().default("processing"),
    downloadUrl: text("downloadUrl"),
    processingTime: integer("processingTime"),
    createdAt: createdAt(),
    expiresAt: timestamp("expiresAt"),
  },
  (t) => [index("file_history_user_created").on(t.userId, t.createdAt)],
);

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("userId").references(() => users.id, { onDelete: "cascade" }),
    stripeSubscriptionId: text("stripeSubscriptionId").unique(),
    stripePriceId: text("stripePriceId"),
    status: text("status").notNull(),
    currentPeriodStart: timestamp("currentPeriodStart"),
    currentPeriodEnd: timestamp("currentPeriodEnd"),
    cancelAtPeriodEnd: integer("cancelAtPeriodEnd", { mode: "boolean" }).default(false),
    amount: money("amount"),
    currency: text("currency").default("usd"),
    createdAt: createdAt(),
    updatedAt: timestamp("updatedAt")
      .notNull()
      .default(now)
      .$defaultFn(() => new Date()),
  },
  () => [moneyCheck("subscriptions", "amount")],
);

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("userId").references(() => users.id, { onDelete: "set null" }),
    subscriptionId: integer("subscriptionId").references(() => subscriptions.id, {
      onDelete: "set null",
    }),
    stripePaymentIntentId: text("stripePaymentIntentId"),
    amount: money("amount").notNull(),
    currency: text("currency").default("usd"),
    status: text("status").notNull(),
    paymentMethod: text("paymentMethod"),
    createdAt: createdAt(),
  },
  () => [moneyCheck("payments", "amount")],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("userId").references(() => users.id, { onDelete: "cascade" }),
    sessionToken: text("sessionToken").notNull().unique(),
    expiresAt: timestamp("expiresAt").notNull(),
    ipAddress: text("ipAddress"),
    userAgent: text("userAgent"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_expires").on(t.expiresAt)],
);

export type User = typeof users.$inferSelect;
/** The spec's insert shape: only these four fields come from outside. */
export type NewUser = Pick<typeof users.$inferInsert, "email" | "password" | "firstName" | "lastName">;
export type Session = typeof sessions.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;

/** Sign-in and sign-up attempt counters per account or address (hashed), in 15-minute windows. */
export const authThrottle = sqliteTable("auth_throttle", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: timestamp("windowStart").notNull(),
});

/** Public share links to a stored result; the id is the unguessable part of /shared/{id}. */
export const shares = sqliteTable(
  "shares",
  {
    id: text("id").primaryKey(),
    resultId: text("resultId").notNull(),
    userId: integer("userId").references(() => users.id, { onDelete: "set null" }),
    fileName: text("fileName").notNull(),
    contentType: text("contentType").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expiresAt").notNull(),
  },
  (t) => [index("shares_expires").on(t.expiresAt)],
);

export type Share = typeof shares.$inferSelect;

/**
 * Every stored result, with who made it and when it goes: the expiry sweep reads it by expiry
 * (R2 listing has no order but the key's), shares and deletions check the maker against it, and
 * downloads check its expiry. No foreign key: a result's bytes in R2 are deleted before its row.
 */
export const results = sqliteTable(
  "results",
  {
    id: text("id").primaryKey(),
    /** The account that made it, or null for a guest. */
    userId: integer("userId"),
    /** For a guest's result: a keyed hash of the browser's guest cookie, so only that browser may share it. */
    guestKey: text("guestKey"),
    tool: text("tool").notNull(),
    fileName: text("fileName").notNull(),
    originalName: text("originalName").notNull(),
    contentType: text("contentType").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expiresAt").notNull(),
  },
  (t) => [index("results_expires").on(t.expiresAt), index("results_user").on(t.userId)],
);

export type Result = typeof results.$inferSelect;

/** Stripe events already handled: Stripe retries deliveries for days, each is applied once. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("receivedAt")
    .notNull()
    .default(now)
    .$defaultFn(() => new Date()),
});

/** Pending cloud-save authorisations: each nonce is used once, within minutes. */
export const oauthStates = sqliteTable(
  "oauth_states",
  {
    nonce: text("nonce").primaryKey(),
    provider: text("provider").notNull(),
    resultId: text("resultId").notNull(),
    codeVerifier: text("codeVerifier").notNull(),
    redirectUri: text("redirectUri").notNull(),
    expiresAt: timestamp("expiresAt").notNull(),
  },
  (t) => [index("oauth_states_expires").on(t.expiresAt)],
);
