import { useId, useMemo, useState, type DragEvent } from 'react';
import {
  MAX_PHOTOS,
  OFFLINE_PHOTOS_MAX_BYTES,
  PHOTO_EXTENSIONS,
  photoProblem,
  repairMessages,
} from '#shared/screens/repair-requests.ts';
import { downloadPaths } from '#shared/api/tickets.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FilePickButton } from '#client/components/ui/file-pick-button.tsx';
import { hasNoConnection } from '#client/lib/connection.ts';
import { ApiError, asApiError } from '#client/lib/http.ts';
import { uploadPhoto } from './api.ts';
import { localPhotos, type WizardPhoto } from './wizard-values.ts';
import fieldStyles from '#client/components/ui/field.module.css';
import styles from './repair.module.css';

const ACCEPT = PHOTO_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** An upload that failed for want of a network (not a refusal of the server's). */
const isOffline = (error: unknown) => error instanceof ApiError && error.status === 0;

export interface PhotoPickerProps {
  photos: WizardPhoto[];
  onChange: (photos: WizardPhoto[]) => void;
  /**
   * False for a guest, who has no account to upload to: every photo stays on the device and goes
   * with the request (at most 20 MB together, as the guest endpoint takes them).
   */
  upload?: boolean;
}

/**
 * Photos of the instruments (portal.md §2.1 step 3, §5 File): chosen or dropped, checked before the
 * upload, uploaded at once. With no network a photo stays on the device and goes with the request.
 */
export function PhotoPicker({ photos, onChange, upload: uploading = true }: PhotoPickerProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [upload, setUpload] = useState<{ busy: boolean; problem?: string }>({ busy: false });

  const addFiles = async (files: readonly File[]) => {
    // Several files in one go: each adds to what the previous ones added.
    let chosen = photos;
    for (const file of files) {
      const problem = photoProblem(file) ?? (chosen.length >= MAX_PHOTOS ? repairMessages.tooManyPhotos : null);
      if (problem) return setUpload({ busy: false, problem });
      const kept: WizardPhoto = { key: crypto.randomUUID(), name: file.name, size: file.size, fileId: null, file };
      setUpload({ busy: true });
      try {
        const uploaded = uploading && !hasNoConnection() ? await uploadPhoto(file) : null;
        if (uploaded) chosen = [...chosen, { ...kept, ...uploaded, file: null }];
        else if (localPhotos(chosen).bytes + file.size > OFFLINE_PHOTOS_MAX_BYTES)
          return setUpload({
            busy: false,
            problem: uploading ? repairMessages.offlinePhotos : repairMessages.photosTotal,
          });
        else chosen = [...chosen, kept];
      } catch (error) {
        if (!isOffline(error)) return setUpload({ busy: false, problem: asApiError(error).message });
        if (localPhotos(chosen).bytes + file.size > OFFLINE_PHOTOS_MAX_BYTES)
          return setUpload({ busy: false, problem: repairMessages.offlinePhotos });
        chosen = [...chosen, kept];
      }
      onChange(chosen);
      setUpload({ busy: false });
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void addFiles([...event.dataTransfer.files]);
  };

  return (
    <div
      className={[styles.dropZone, dragging ? styles.dragging : ''].filter(Boolean).join(' ')}
      data-dragging={dragging || undefined}
      onDragEnter={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={(event) => {
        // Leaving for one of the zone's own children is not leaving the zone.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <label htmlFor={inputId} className={styles.dropLabel}>
        Фото инструментов: выберите файлы или перетащите их сюда (jpg, png, tiff, bmp, до 10 Мб)
      </label>
      <FilePickButton
        id={inputId}
        accept={ACCEPT}
        multiple
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The list below is what was chosen: emptied, the input takes the same file again (a browser
          // fires no change for an unchanged choice, so a photo removed with 'Убрать' could not come back).
          event.target.value = '';
          void addFiles(files);
        }}
        disabled={upload.busy}
      >
        Выбрать фото
      </FilePickButton>
      {upload.busy ? <progress aria-label="Загрузка фото" /> : null}
      <p className={fieldStyles.error} role="alert">
        {upload.problem ?? ''}
      </p>
      {photos.length > 0 ? (
        <ul className={styles.photos} aria-label="Фото к заявке">
          {photos.map((photo) => (
            <li key={photo.key} className={styles.photo}>
              <PhotoPreview photo={photo} />
              <span className={styles.photoName}>
                {photo.name}
                {photo.fileId === null && uploading ? (
                  <span className={styles.photoNote}>Будет отправлено вместе с заявкой</span>
                ) : null}
              </span>
              <Button
                variant="link"
                aria-label={`Убрать ${photo.name}`}
                onClick={() => onChange(photos.filter((other) => other.key !== photo.key))}
              >
                Убрать
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A thumbnail: the uploaded file from the server, or the kept one from the device; none where the browser cannot show the format (TIFF). */
function PhotoPreview({ photo }: { photo: WizardPhoto }) {
  const source = useMemo(
    () =>
      photo.fileId !== null ? downloadPaths.file(photo.fileId) : photo.file ? URL.createObjectURL(photo.file) : null,
    [photo.fileId, photo.file],
  );
  const [broken, setBroken] = useState(false);
  // A device file's URL is let go once the picture is decoded (or cannot be).
  const release = () => {
    if (source?.startsWith('blob:')) URL.revokeObjectURL(source);
  };
  if (source === null || broken) return <span className={styles.thumbnail} aria-hidden="true" />;
  return (
    <img
      className={styles.thumbnail}
      src={source}
      alt=""
      width={48}
      height={48}
      onLoad={release}
      onError={() => {
        release();
        setBroken(true);
      }}
    />
  );
}
