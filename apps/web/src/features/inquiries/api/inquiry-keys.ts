export const inquiryKeys = {
  all: ['inquiries'] as const,
  list: (page: number) => ['inquiries', 'list', page] as const,
};
