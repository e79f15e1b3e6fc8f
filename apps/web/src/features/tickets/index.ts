/** What the tickets feature offers other features: the "Create ticket" link of an alarm or event. */
export { CreateTicketLink } from './components/create-ticket-link.tsx';
