import { createFileRoute, Link } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { LoyaltyFacts, LoyaltyRules } from '#client/components/content/loyalty-rules.tsx';
import { LoyaltySlidesButton } from '#client/components/content/loyalty-slides-button.tsx';

export const Route = createFileRoute('/loyalty')({
  component: LoyaltyPage,
});

function LoyaltyPage() {
  return (
    <Page
      title="Бонусная программа"
      lead={
        <p>
          Оставляйте заявки на ремонт через личный кабинет и получайте бонусы. Ими можно оплатить часть следующего
          ремонта или выбрать подарок. Баланс виден в шапке личного кабинета.
        </p>
      }
      narrow
    >
      <LoyaltyFacts />
      <div>
        <LoyaltySlidesButton />
      </div>
      <LoyaltyRules />
      <p>
        Полный текст — в <Link to="/rules/loyalty">правилах программы лояльности</Link>.
      </p>
    </Page>
  );
}
