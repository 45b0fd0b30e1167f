import { useId, useState } from 'react';
import type { Instrument, Ticket, TicketRequest } from '#shared/api/tickets.ts';
import { instrumentDisplayName, instrumentTypeLabel } from '#shared/dictionaries/instruments.ts';
import { formatPhone } from '#shared/format/phone-mask.ts';
import { telHref } from '#shared/screens/map-links.ts';
import { formatPickupDay } from '#shared/format/pickup-day.ts';
import { MoreToggle } from './more-toggle.tsx';
import { useIsDesktop } from '#client/lib/use-media.ts';
import { MapLink } from '#client/components/ui/map-link.tsx';
import styles from './ticket-request-card.module.css';

function InstrumentLine({ instrument }: { instrument: Instrument }) {
  const own = instrument.name
    ? `${instrumentTypeLabel(instrument.type)}: ${instrument.name}`
    : instrumentDisplayName(instrument);
  return (
    <li className={styles.instrument}>
      <span className={styles.instrumentName}>
        {own}, №{'\u00A0'}
        {instrument.serial_number}
      </span>
      {instrument.description ? <span>{instrument.description}</span> : null}
      {instrument.guarantee ? <span className={styles.warranty}>На гарантии</span> : null}
    </li>
  );
}

function Photos({ photos }: { photos: TicketRequest['photos'] }) {
  if (photos.length === 0) return null;
  return (
    <ul className={styles.photos} aria-label="Фото к заявке">
      {photos.map((photo) => (
        <li key={photo.id}>
          <a
            href={photo.url}
            target="_blank"
            rel="noopener"
            className={styles.photoLink}
            aria-label={`Открыть фото ${photo.name}`}
          >
            <img
              src={photo.url}
              alt={photo.name}
              loading="lazy"
              decoding="async"
              width={96}
              height={96}
              className={styles.photo}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The details behind 'Подробнее о заявке' on phones, shown at once on wider screens. */
function RequestDetails({ ticket, request }: { ticket: Ticket; request: TicketRequest }) {
  return (
    <>
      <dl className={styles.facts}>
        <div>
          <dt>Клиника</dt>
          <dd>{request.company}</dd>
        </div>
        {ticket.office ? (
          <div>
            <dt>Сервисный центр</dt>
            <dd>{ticket.office.name}</dd>
          </div>
        ) : null}
      </dl>
      {ticket.instruments.length > 0 ? (
        <>
          <h3 className={styles.subheading}>Инструменты</h3>
          <ul className={styles.instruments}>
            {ticket.instruments.map((instrument) => (
              <InstrumentLine key={instrument.id} instrument={instrument} />
            ))}
          </ul>
        </>
      ) : null}
      <Photos photos={request.photos} />
    </>
  );
}

/**
 * What the clinic asked for (cabinet.md §2 Ticket page): where and when the courier fetches the
 * instruments and whom to call, always in sight; the clinic, the centre, the instruments and the
 * photos on phones behind 'Подробнее о заявке'. Absent for the back office's tickets.
 */
export function TicketRequestCard({ ticket }: { ticket: Ticket }) {
  const desktop = useIsDesktop();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const request = ticket.request;
  if (!request) return null;
  const contactName = `${request.contact.name} ${request.contact.surname}`.trim();
  const phone = formatPhone(request.contact.phone);
  return (
    <section className={styles.card} aria-labelledby="ticket-request-title">
      <h2 id="ticket-request-title" className={styles.title}>
        Заявка клиники
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>Адрес</dt>
          <dd>
            {request.address}
            {request.room ? `, ${request.room}` : ''}
            {request.message ? <span className={styles.comment}>{request.message}</span> : null}
            {request.checked ? null : <span className={styles.comment}>Адрес не проверен: уточним по телефону</span>}
            {request.coordinates ? <MapLink coordinates={request.coordinates} className={styles.mapLink} /> : null}
          </dd>
        </div>
        <div>
          <dt>Забрать</dt>
          <dd>{formatPickupDay(request.pickup_date)}</dd>
        </div>
        <div>
          <dt>Контакт</dt>
          <dd>
            {contactName ? <span>{contactName}</span> : null}
            <a href={telHref(phone)} className={styles.phone}>
              {phone}
            </a>
          </dd>
        </div>
      </dl>
      {desktop ? (
        <RequestDetails ticket={ticket} request={request} />
      ) : (
        <>
          <MoreToggle open={open} onToggle={() => setOpen((value) => !value)} controls={detailsId}>
            Подробнее о заявке
          </MoreToggle>
          <div id={detailsId} hidden={!open}>
            {open ? <RequestDetails ticket={ticket} request={request} /> : null}
          </div>
        </>
      )}
    </section>
  );
}
