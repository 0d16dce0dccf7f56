export { ModerationQueues } from './components/moderation-queues'
