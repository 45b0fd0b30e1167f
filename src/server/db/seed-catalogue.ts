import { createHash } from 'node:crypto';
import type { Tx } from './client.ts';
import { files } from './schema/repair-requests.ts';
import { gifts, tradeInInstruments } from './schema/loyalty.ts';
import { placeholderPng, type Rgb } from '../lib/png.ts';

// The loyalty and trade-in catalogue of the demo world: gifts that points buy and new instruments
// offered in exchange for an old one. No back-office call manages these yet (API.md), so the demo
// gets a small fixed catalogue with generated placeholder pictures.

const GIFTS: Array<{ id: number; name: string; cost: number; isAvailable: boolean; colour: Rgb }> = [
  {
    id: 1,
    name: 'Набор боров для турбинного наконечника (10 шт.)',
    cost: 300,
    isAvailable: true,
    colour: [214, 234, 248],
  },
  { id: 2, name: 'Масло-спрей для наконечников', cost: 800, isAvailable: true, colour: [232, 245, 233] },
  {
    id: 3,
    name: 'Сертификат на профилактику одного наконечника',
    cost: 1500,
    isAvailable: true,
    colour: [255, 243, 224],
  },
  { id: 4, name: 'Светодиодная лампа для наконечника', cost: 3500, isAvailable: false, colour: [243, 229, 245] },
  { id: 5, name: 'Настольная ультразвуковая ванна', cost: 5000, isAvailable: true, colour: [224, 242, 241] },
];

const INSTRUMENTS: Array<{
  id: number;
  title: string;
  properties: string[];
  slug: string;
  priceDiscount: string;
  isActive: boolean;
  colour: Rgb;
}> = [
  {
    id: 1,
    title: 'Турбинный наконечник W&H Synea Vision TK-98 L',
    properties: ['Светодиодная подсветка', 'Пятиструйное охлаждение', 'Керамические подшипники', 'Гарантия 24 месяца'],
    slug: 'synea-vision-tk-98-l',
    priceDiscount: '38900.00',
    isActive: true,
    colour: [187, 222, 251],
  },
  {
    id: 2,
    title: 'Угловой наконечник NSK Ti-Max Z95L',
    properties: ['Повышающий, 1:5', 'Титановый корпус', 'Оптика с подсветкой', 'Гарантия 24 месяца'],
    slug: 'nsk-ti-max-z95l',
    priceDiscount: '52400.00',
    isActive: true,
    colour: [200, 230, 201],
  },
  {
    id: 3,
    title: 'Ультразвуковой скалер EMS Piezon 250',
    properties: ['Технология Piezon', 'Автоклавируемая рукоятка', 'Три режима мощности'],
    slug: 'ems-piezon-250',
    priceDiscount: '61500.00',
    isActive: true,
    colour: [255, 224, 178],
  },
  {
    id: 4,
    title: 'Микромотор KaVo INTRAmatic LUX 3',
    properties: ['Бесщёточный двигатель', 'Светодиодная подсветка'],
    slug: 'kavo-intramatic-lux-3',
    priceDiscount: '47300.00',
    // Out of the offer: shows that inactive entries are hidden.
    isActive: false,
    colour: [225, 190, 231],
  },
];

const ACCENT: Rgb = [25, 118, 210];

async function savePicture(tx: Tx, name: string, size: number, colour: Rgb): Promise<number> {
  const data = placeholderPng(size, colour, ACCENT);
  const [row] = await tx
    .insert(files)
    .values({
      originalName: name,
      mimeType: 'image/png',
      size: data.byteLength,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
    })
    .returning({ id: files.id });
  return row!.id;
}

/** Fills the gift and trade-in catalogue; tables that already have rows are left alone. */
export async function seedCatalogue(tx: Tx): Promise<void> {
  if ((await tx.select({ id: gifts.id }).from(gifts).limit(1)).length === 0) {
    for (const gift of GIFTS) {
      const imageFileId = await savePicture(tx, `gift-${gift.id}.png`, 96, gift.colour);
      await tx
        .insert(gifts)
        .values({ id: gift.id, name: gift.name, cost: gift.cost, isAvailable: gift.isAvailable, imageFileId });
    }
  }
  if ((await tx.select({ id: tradeInInstruments.id }).from(tradeInInstruments).limit(1)).length === 0) {
    for (const instrument of INSTRUMENTS) {
      const listImageFileId = await savePicture(tx, `trade-in-${instrument.id}-list.png`, 96, instrument.colour);
      const pageImageFileId = await savePicture(tx, `trade-in-${instrument.id}.png`, 240, instrument.colour);
      await tx.insert(tradeInInstruments).values({
        id: instrument.id,
        title: instrument.title,
        properties: instrument.properties,
        link: `https://example.com/instruments/${instrument.slug}`,
        priceDiscount: instrument.priceDiscount,
        isActive: instrument.isActive,
        listImageFileId,
        pageImageFileId,
      });
    }
  }
}
