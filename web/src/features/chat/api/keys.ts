/** Query keys of the chat feature; the socket handlers write to the same ones. */
export const chatKeys = {
  all: ['chat'] as const,
  conversations: () => ['chat', 'conversations'] as const,
  unread: () => ['chat', 'unread'] as const,
  messages: (userId: string) => ['chat', 'messages', userId] as const,
  withJobs: (userId: string) => ['chat', 'with-job', userId] as const,
  typing: (userId: string) => ['chat', 'typing', userId] as const,
}
