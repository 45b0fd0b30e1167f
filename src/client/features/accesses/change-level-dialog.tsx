import { useState } from 'react';
import type { AccessLevel } from '#shared/screens/access-levels.ts';
import type { Grantee } from '#shared/screens/accesses.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { asApiError } from '#client/lib/http.ts';
import { grantAccess } from './api.ts';
import { LevelChoice } from './level-choice.tsx';
import styles from './accesses.module.css';

export interface ChangeLevelDialogProps {
  grantee: Grantee;
  onClose: () => void;
  /** The level was changed: the list shows the new one. */
  onChanged: (level: AccessLevel) => void;
}

/** 'Изменить доступ' (issue 41): the colleague's level chosen again; the colleague is told by a notification. */
export function ChangeLevelDialog({ grantee, onClose, onChanged }: ChangeLevelDialogProps) {
  const [level, setLevel] = useState<AccessLevel>(grantee.level);
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setFailure(undefined);
    setSaving(true);
    try {
      await grantAccess(grantee.email, level);
      onChanged(level);
    } catch (caught) {
      const error = asApiError(caught);
      setFailure(error.field('level') ?? error.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open onClose={onClose} title="Изменить доступ" size="sm">
      <div className={styles.form}>
        <p className={styles.muted}>
          {grantee.name} {grantee.surname} ({grantee.email})
        </p>
        <LevelChoice value={level} onChange={setLevel} error={failure} />
        <Button block loading={saving} disabled={saving || level === grantee.level} onClick={() => void save()}>
          Сохранить
        </Button>
      </div>
    </Modal>
  );
}
