CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`receivedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
