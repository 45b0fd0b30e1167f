import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';

const LoyaltySlideshow = lazyComponent(() =>
  import('./loyalty-slideshow.tsx').then((module) => module.LoyaltySlideshow),
);

/** Opens the loyalty slideshow (portal.md §2.3), fetched when pressed (or hovered). */
export function LoyaltySlidesButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void LoyaltySlideshow.preload()}
      >
        Как это работает: 4 шага
      </Button>
      {open ? <LoyaltySlideshow onClose={() => setOpen(false)} /> : null}
    </>
  );
}
