/**
 * Demo device credentials. DEMO ONLY: the password is derived from the com_id with a key that is
 * public in this repository, so anyone can compute it. Real deployments give every device a random
 * secret (the server stores only its scrypt hash).
 */
import { createHmac } from 'node:crypto';

/** The public key the demo passwords are derived with. */
export const DEMO_DEVICE_KEY = 'towerwatch-demo-device-key-v1';

/** MQTT password of a demo device: HMAC-SHA256(DEMO_DEVICE_KEY, comId), hex, first 24 characters. */
export function demoDevicePassword(comId: string): string {
  return createHmac('sha256', DEMO_DEVICE_KEY).update(comId).digest('hex').slice(0, 24);
}
