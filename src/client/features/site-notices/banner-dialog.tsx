import { useEffect, useState } from 'react';
import type { Banner } from '#shared/screens/site-notices.ts';
import { Modal } from '#client/components/ui/modal.tsx';
import { setCookie } from '#client/lib/screens/cookies.ts';
import { BANNER_COOKIE, BANNER_DAYS } from './notice-cookies.ts';
import styles from './site-notices.module.css';

const TITLE = 'Специальное предложение';

/** Only web links reach an href (the server checks too): never `javascript:` or the like. */
const safeLink = (link: string | null) => (link && /^https?:\/\//i.test(link) ? link : null);

export interface BannerDialogProps {
  banner: Banner;
  /** When it may open (2 s after load, portal.md §4.6). */
  showAt: number;
}

/**
 * The promo banner modal (portal.md §2.3): its picture with its link, closable. It opens once the
 * picture is in (so nothing inside moves as it loads) and not before `showAt`; opening marks the
 * browser for a day.
 */
export function BannerDialog({ banner, showAt }: BannerDialogProps) {
  const [open, setOpen] = useState(false);
  const image = banner.image;

  useEffect(() => {
    if (!image) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const picture = new Image();
    picture.src = image;
    picture.decode().then(
      () => {
        if (!live) return;
        timer = setTimeout(
          () => {
            setCookie(BANNER_COOKIE, BANNER_DAYS);
            setOpen(true);
          },
          Math.max(0, showAt - Date.now()),
        );
      },
      // A picture that does not load is a banner not shown, and not counted as shown.
      () => undefined,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [image, showAt]);

  if (!image) return null;
  const link = safeLink(banner.link);
  const picture = <img className={styles.bannerImage} src={image} alt={TITLE} />;
  return (
    <Modal open={open} onClose={() => setOpen(false)} title={TITLE} hideTitle size="lg" className={styles.bannerPanel}>
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${TITLE} (откроется в новой вкладке)`}
          onClick={() => setOpen(false)}
        >
          {picture}
        </a>
      ) : (
        picture
      )}
    </Modal>
  );
}
