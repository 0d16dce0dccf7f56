// Every message key, from the English catalogue files (one import per area; see areas.ts).
import type account from './messages/en-IN/account.json'
import type admin from './messages/en-IN/admin.json'
import type chat from './messages/en-IN/chat.json'
import type contract from './messages/en-IN/contract.json'
import type core from './messages/en-IN/core.json'
import type feed from './messages/en-IN/feed.json'
import type jobs from './messages/en-IN/jobs.json'
import type money from './messages/en-IN/money.json'
import type posting from './messages/en-IN/posting.json'

export type MessageKey =
  | keyof typeof account
  | keyof typeof admin
  | keyof typeof chat
  | keyof typeof contract
  | keyof typeof core
  | keyof typeof feed
  | keyof typeof jobs
  | keyof typeof money
  | keyof typeof posting
