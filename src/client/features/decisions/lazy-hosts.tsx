import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { useOutbox, visibleEntries } from '#client/lib/sw-bridge.ts';
import { useDecisionDialog } from './decision-dialog-store.ts';
import type { DecisionDialogsProps } from './decision-dialogs.tsx';
import type { OutboxPanelProps } from './outbox-panel.tsx';

// The decision popups (with @tanstack/react-form and the points, gift and trade-in steps) and the
// outbox panel are chunks of their own: most cabinet visits show neither, so the cabinet layout
// loads them only when they have something to show
// (docs/decisions/0012-code-splitting-and-cold-start.md).

const DecisionDialogs = lazyComponent(() => import('./decision-dialogs.tsx').then((module) => module.DecisionDialogs));
const OutboxPanel = lazyComponent(() => import('./outbox-panel.tsx').then((module) => module.OutboxPanel));

/**
 * `<DecisionDialogs>` from the first open on (`useDecisionDialog`); it then stays mounted, so its
 * toast outlives the popup and the next open needs no loading.
 */
export function LazyDecisionDialogs(props: DecisionDialogsProps) {
  const everOpened = useDecisionDialog((state) => state.serial > 0);
  return everOpened ? <DecisionDialogs {...props} /> : null;
}

/** `<OutboxPanel>` while the worker reports decisions the user should see (it shows nothing without them). */
export function LazyOutboxPanel(props: OutboxPanelProps) {
  const hasEntries = useOutbox((state) => visibleEntries(state.entries).length > 0);
  return hasEntries ? <OutboxPanel {...props} /> : null;
}
