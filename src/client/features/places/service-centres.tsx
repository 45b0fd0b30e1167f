import { useState } from 'react';
import type { ServiceCentre } from '#shared/screens/places.ts';
import { REGIONS } from '#shared/dictionaries/regions.ts';
import { Page } from '#client/components/layout/page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { fetchServiceCentres } from '#client/lib/screens/places-api.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import { CentreCard } from './centre-card.tsx';
import { CentreCardSkeletons } from './centre-card-skeletons.tsx';
import styles from './places.module.css';

const CentresMap = lazyComponent(() => import('./centres-map.tsx').then((module) => module.CentresMap), {
  fallback: <Skeleton shape="rect" height="24rem" />,
});

const VIEWS = [
  ['list', 'Списком'],
  ['map', 'На карте'],
] as const;
type View = (typeof VIEWS)[number][0];

/** The regions in the table's order, each with its centres; a region with none is left out. */
function byRegion(centres: readonly ServiceCentre[]) {
  const known = REGIONS.map((region) => ({
    region: region.name as string,
    centres: centres.filter((centre) => centre.region === region.name),
  }));
  const other = centres.filter((centre) => !REGIONS.some((region) => region.name === centre.region));
  return [...known, { region: 'Другие регионы', centres: other }].filter((group) => group.centres.length > 0);
}

/** 'Сервисные центры': every centre as a list by region, or on a map (from the contacts page). */
export function ServiceCentres() {
  const load = useRemote(fetchServiceCentres);
  const [view, setView] = useState<View>('list');
  const [region, setRegion] = useState('Центральный');

  return (
    <Page title="Сервисные центры" lead="Приём инструментов в ремонт, диагностика и выдача: выберите ближайший центр.">
      <fieldset className={styles.viewSwitch} aria-label="Показать">
        {VIEWS.map(([value, label]) => (
          <Button
            key={value}
            variant={view === value ? 'primary' : 'secondary'}
            aria-pressed={view === value}
            onClick={() => setView(value)}
          >
            {label}
          </Button>
        ))}
      </fieldset>

      <RemoteView
        remote={load}
        skeleton={<CentreCardSkeletons label="Загрузка сервисных центров" rows={3} />}
        empty={<p className={styles.empty}>Список сервисных центров пока пуст.</p>}
      >
        {(centres) =>
          view === 'map' ? (
            <div className={styles.form}>
              <SelectField
                label="Регион"
                className={styles.regionSelect}
                value={region}
                options={REGIONS.map((entry) => ({ value: entry.name, label: entry.name }))}
                onChange={(event) => setRegion(event.target.value)}
              />
              <CentresMap centres={centres} region={region} />
            </div>
          ) : (
            byRegion(centres).map((group) => (
              <section key={group.region} className={styles.region} aria-label={group.region}>
                <h2 className={styles.regionTitle}>{group.region}</h2>
                <ul className={styles.list}>
                  {group.centres.map((centre) => (
                    <li key={centre.id}>
                      <CentreCard centre={centre} />
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )
        }
      </RemoteView>
    </Page>
  );
}
