/** The vendor's contact details shown in the landing page footer (docs/requirements.md#landing). */
export interface VendorContact {
  phone: string;
  email: string;
  address: string;
}

/** Demo values, used when the build sets none (`VITE_VENDOR_*` in the README configuration table). */
export const DEMO_VENDOR_CONTACT: VendorContact = {
  phone: '+880 1700-000000',
  email: 'support@towerwatch.example',
  address: 'House 12, Road 5, Gulshan 1, Dhaka 1212, Bangladesh',
};

const read = (env: Record<string, unknown>, key: string, fallback: string): string => {
  const value = env[key];
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
};

/**
 * The vendor's contact details: build-time configuration (`VITE_VENDOR_PHONE`, `VITE_VENDOR_EMAIL`,
 * `VITE_VENDOR_ADDRESS`, read by `vite build`), each falling back to its demo value.
 */
export function vendorContact(env: Record<string, unknown> = import.meta.env): VendorContact {
  return {
    phone: read(env, 'VITE_VENDOR_PHONE', DEMO_VENDOR_CONTACT.phone),
    email: read(env, 'VITE_VENDOR_EMAIL', DEMO_VENDOR_CONTACT.email),
    address: read(env, 'VITE_VENDOR_ADDRESS', DEMO_VENDOR_CONTACT.address),
  };
}
