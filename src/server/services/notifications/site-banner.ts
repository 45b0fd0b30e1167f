import { eq } from 'drizzle-orm';
import { integrationMessages } from '#shared/api/integration.ts';
import { bannerMessages, type PutBannerInput } from '#shared/api/integration-banner.ts';
import { bannerImagePath, type Banner } from '#shared/screens/site-notices.ts';
import type { AppDeps } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { files } from '#server/db/schema/repair-requests.ts';
import { siteBanner } from '#server/db/schema/notifications.ts';
import { fieldFailure } from '#server/lib/api-failure.ts';
import { isPrivateFile, isPublicFile, notFound } from '#server/services/access/access.ts';
import { loadFile, type StoredFile } from '#server/services/files/files.ts';

// The site's promo banner (portal.md §2.3, §4.6): one row the back office replaces with
// PUT /api/v1/banner; every visitor reads it with GET /ajax/banner/get. Its picture becomes public
// while the active banner shows it (services/access/access.ts decides), so it must be a web picture that no
// clinic's record uses.

const BANNER_ID = 1;
const WEB_PICTURES = new Set(['image/jpeg', 'image/png', 'image/webp']);

const NO_BANNER: Banner = { is_active: false, link: null, image: null };

async function requireBannerPicture(tx: Tx, fileId: number): Promise<void> {
  const [file] = await tx.select({ mimeType: files.mimeType }).from(files).where(eq(files.id, fileId)).limit(1);
  if (!file) throw fieldFailure('image_file_id', integrationMessages.fileNotFound);
  if (!WEB_PICTURES.has(file.mimeType)) throw fieldFailure('image_file_id', bannerMessages.imageType);
  if (await isPrivateFile(tx, fileId)) throw fieldFailure('image_file_id', bannerMessages.imagePrivate);
}

export async function putBanner(deps: AppDeps, input: PutBannerInput) {
  const values = {
    isActive: input.is_active,
    link: input.link,
    imageFileId: input.image_file_id,
    updatedAt: deps.now(),
  };
  await deps.database.db.transaction(async (tx) => {
    if (input.image_file_id !== null) await requireBannerPicture(tx, input.image_file_id);
    await tx
      .insert(siteBanner)
      .values({ id: BANNER_ID, ...values })
      .onConflictDoUpdate({ target: siteBanner.id, set: values });
  });
  return { is_active: input.is_active, link: input.link, image_file_id: input.image_file_id };
}

/** What the site shows: the active banner whose picture is public, or nothing. */
export async function currentBanner(db: Db): Promise<Banner> {
  const [row] = await db.select().from(siteBanner).where(eq(siteBanner.id, BANNER_ID)).limit(1);
  if (!row?.isActive || row.imageFileId === null) return NO_BANNER;
  // A clinic's record that came to use the same upload later keeps it private: no banner then.
  if (!(await isPublicFile(db, row.imageFileId))) return NO_BANNER;
  return { is_active: true, link: row.link, image: bannerImagePath(row.imageFileId) };
}

/** The active banner's picture, for anyone; any other file is the same 404 as a missing one. */
export async function publicBannerImage(db: Db, fileId: number): Promise<StoredFile> {
  const file = (await isPublicFile(db, fileId)) ? await loadFile(db, fileId) : null;
  if (!file) throw notFound();
  return file;
}
