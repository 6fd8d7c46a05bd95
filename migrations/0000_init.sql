CREATE TABLE `file_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`userId` integer,
	`originalFilename` text NOT NULL,
	`convertedFilename` text,
	`conversionType` text NOT NULL,
	`fileSize` integer,
	`status` text DEFAULT 'processing' NOT NULL,
	`downloadUrl` text,
	`processingTime` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expiresAt` integer,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `file_history_user_created` ON `file_history` (`userId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`userId` integer,
	`subscriptionId` integer,
	`stripePaymentIntentId` text,
	`amount` numeric NOT NULL,
	`currency` text DEFAULT 'usd',
	`status` text NOT NULL,
	`paymentMethod` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`subscriptionId`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_amount_decimal_10_2" CHECK("amount" is null or (round("amount", 2) = "amount" and abs("amount") < 100000000))
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`userId` integer,
	`sessionToken` text NOT NULL,
	`expiresAt` integer NOT NULL,
	`ipAddress` text,
	`userAgent` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_sessionToken_unique` ON `sessions` (`sessionToken`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expiresAt`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`userId` integer,
	`stripeSubscriptionId` text,
	`stripePriceId` text,
	`status` text NOT NULL,
	`currentPeriodStart` integer,
	`currentPeriodEnd` integer,
	`cancelAtPeriodEnd` integer DEFAULT false,
	`amount` numeric,
	`currency` text DEFAULT 'usd',
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "subscriptions_amount_decimal_10_2" CHECK("amount" is null or (round("amount", 2) = "amount" and abs("amount") < 100000000))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stripeSubscriptionId_unique` ON `subscriptions` (`stripeSubscriptionId`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password` text NOT NULL,
	`firstName` text,
	`lastName` text,
	`role` text DEFAULT 'free' NOT NULL,
	`subscriptionStatus` text DEFAULT 'inactive',
	`subscriptionPlan` text,
	`stripeCustomerId` text,
	`subscriptionStartDate` integer,
	`subscriptionEndDate` integer,
	`dailyConversions` integer DEFAULT 0,
	`dailyConversionsReset` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`emailVerified` integer DEFAULT false,
	`resetToken` text,
	`resetTokenExpiry` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);