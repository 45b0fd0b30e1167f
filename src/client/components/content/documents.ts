// The legal texts that open as popups (portal.md §2.3) and live on their own pages too.
export const DOCUMENTS = {
  privacy: { path: '/privacy', title: 'Политика обработки персональных данных' },
  'loyalty-rules': { path: '/rules/loyalty', title: 'Правила программы лояльности' },
} as const;

export type DocumentName = keyof typeof DOCUMENTS;
