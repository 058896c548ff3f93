export const quotesKeys = {
  all: ['quotes'] as const,
  mine: () => [...quotesKeys.all, 'mine'] as const,
  page: (status: string | null, page: number) => [...quotesKeys.all, 'page', status, page] as const,
  photo: (quoteId: string, index: number) => [...quotesKeys.all, 'photo', quoteId, index] as const,
};
