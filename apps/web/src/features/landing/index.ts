/** What this feature offers other features: the vendor's contact details (the landing layout's footer). */
export { type VendorContact, vendorContact } from './vendor-contact.ts';
