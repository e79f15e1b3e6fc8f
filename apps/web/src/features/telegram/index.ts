/** What the telegram feature offers others: the Telegram link card of /profile. */
export { TelegramLinkCard } from './components/telegram-link-card.tsx';
