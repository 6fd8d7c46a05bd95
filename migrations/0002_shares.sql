CREATE TABLE `shares` (
	`id` text PRIMARY KEY NOT NULL,
	`resultId` text NOT NULL,
	`userId` integer,
	`fileName` text NOT NULL,
	`contentType` text NOT NULL,
	`size` integer NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expiresAt` integer NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `shares_expires` ON `shares` (`expiresAt`);