CREATE TABLE `results` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` integer,
	`guestKey` text,
	`tool` text NOT NULL,
	`fileName` text NOT NULL,
	`originalName` text NOT NULL,
	`contentType` text NOT NULL,
	`size` integer NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expiresAt` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `results_expires` ON `results` (`expiresAt`);--> statement-breakpoint
CREATE INDEX `results_user` ON `results` (`userId`);