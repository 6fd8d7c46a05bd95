CREATE TABLE `oauth_states` (
	`nonce` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`resultId` text NOT NULL,
	`codeVerifier` text NOT NULL,
	`redirectUri` text NOT NULL,
	`expiresAt` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `oauth_states_expires` ON `oauth_states` (`expiresAt`);