import { useSiteSettings } from '#client/lib/site-settings.ts';

/** ' support@…' as a mail link (SUPPORT_EMAIL, portal.md §8); nothing while it is not known. */
export function SupportEmail() {
  const email = useSiteSettings()?.support_email;
  if (!email) return null;
  return (
    <>
      {' '}
      <a href={`mailto:${email}`}>{email}</a>
    </>
  );
}
