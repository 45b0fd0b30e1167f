import { useEffect, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Icon, type IconName } from '#client/components/ui/icon.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import styles from './loyalty-slideshow.module.css';

/** The four screens of the loyalty popup (portal.md §2.3), numbered 1 to 4. */
export const LOYALTY_SLIDES: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'repair',
    title: 'Оставляйте заявки на ремонт',
    text: 'Оформляйте заявки через личный кабинет: вы участвуете в программе лояльности с момента регистрации.',
  },
  {
    icon: 'bills',
    title: 'Получайте бонусы за оплаченные счета',
    text: 'За каждую бонусную операцию начисляется 5% от её суммы. Бонусы становятся доступны не позднее чем через 2 дня.',
  },
  {
    icon: 'gift',
    title: 'Оплачивайте бонусами ремонт или выбирайте подарки',
    text: '1 бонус = 1 ₽. Бонусами можно оплатить до 30% стоимости ремонта при согласовании работ.',
  },
  {
    icon: 'user',
    title: 'Следите за балансом в личном кабинете',
    text: 'Баланс виден в шапке личного кабинета. Бонусы действуют 1 год с момента активации — не забывайте их тратить.',
  },
];

export interface LoyaltySlideshowProps {
  onClose: () => void;
}

/** The loyalty slideshow: Back is hidden on the first screen, Next on the last. */
export function LoyaltySlideshow({ onClose }: LoyaltySlideshowProps) {
  const [index, setIndex] = useState(0);
  const backRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const slide = LOYALTY_SLIDES[index]!;
  const first = index === 0;
  const last = index === LOYALTY_SLIDES.length - 1;

  // The pressed button can disappear (Next on the last screen): focus goes to the one that stays.
  useEffect(() => {
    const active = document.activeElement;
    if (active === backRef.current || active === nextRef.current) return;
    if (active && active !== document.body && active.isConnected) return;
    (nextRef.current ?? backRef.current)?.focus();
  }, [index]);

  return (
    <Modal
      open
      onClose={onClose}
      title="Как работает бонусная программа"
      size="md"
      footer={
        <>
          {first ? null : (
            <Button ref={backRef} variant="secondary" onClick={() => setIndex(index - 1)}>
              Назад
            </Button>
          )}
          {last ? null : (
            <Button ref={nextRef} onClick={() => setIndex(index + 1)}>
              Далее
            </Button>
          )}
        </>
      }
    >
      <div className={styles.slide} aria-live="polite">
        <div className={styles.picture} aria-hidden="true">
          <span className={styles.number}>{index + 1}</span>
          <Icon name={slide.icon} size={48} />
        </div>
        <p className={styles.counter}>
          Шаг {index + 1} из {LOYALTY_SLIDES.length}
        </p>
        <h3 className={styles.title}>{slide.title}</h3>
        <p>{slide.text}</p>
      </div>
    </Modal>
  );
}
