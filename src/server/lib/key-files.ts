// The keys the portal makes once and keeps in DATA_DIR, named in one place: each owner reads its own,
// and a backup takes them all (backup/backup.ts), so a new key cannot be left out of the archive.

/** Web Push's VAPID key pair (delivery/vapid-keys.ts). */
export const VAPID_KEY_FILE = 'vapid-keys.json';
/** Seals the linked KAVO IDs' tokens (services/kavo/tokens.ts). */
export const KAVO_KEY_FILE = 'kavo-token.key';
/** Signs the known-device cookies (services/accounts/login-devices.ts). */
export const DEVICE_KEY_FILE = 'device-cookie.key';
/** Seals the mails waiting in the outbox (services/notifications/mail-queue.ts). */
export const MAIL_KEY_FILE = 'mail-queue.key';

export const KEY_FILES = [VAPID_KEY_FILE, KAVO_KEY_FILE, DEVICE_KEY_FILE, MAIL_KEY_FILE] as const;
