/** What this feature offers other features: the vendor's contact details (the landing layout's footer). */
export { vendorContact } from './vendor-contact.ts';
