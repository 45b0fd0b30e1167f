import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#client/components/layout/page.tsx';
import { LoyaltyRules } from '#client/components/content/loyalty-rules.tsx';

export const Route = createFileRoute('/rules/loyalty')({
  component: LoyaltyRulesPage,
});

function LoyaltyRulesPage() {
  return (
    <Page title="Правила программы лояльности" narrow>
      <LoyaltyRules />
    </Page>
  );
}
