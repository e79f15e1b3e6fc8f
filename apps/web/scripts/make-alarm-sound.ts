/**
 * Writes src/assets/alarm.wav: a 1.2 s two-tone siren (16 kHz, 8-bit mono, ~19 KB) that the emergency
 * alarm loops. Run once with `npx tsx scripts/make-alarm-sound.ts`; the output is committed so the
 * sound is bundled with the app (no CDN).
 */
import { writeFileSync } from 'node:fs';

const rate = 16000;
const seconds = 1.2;
const samples = Math.round(rate * seconds);
const data = Buffer.alloc(samples);
let phase = 0;
for (let i = 0; i < samples; i++) {
  const t = i / rate;
  // Alternate 880 Hz and 660 Hz every 150 ms, with short fades to avoid clicks.
  const freq = Math.floor(t / 0.15) % 2 === 0 ? 880 : 660;
  phase += (2 * Math.PI * freq) / rate;
  const local = t % 0.15;
  const envelope = Math.min(1, local / 0.01, (0.15 - local) / 0.01);
  const square = Math.sin(phase) + 0.3 * Math.sin(3 * phase);
  data[i] = Math.round(128 + 90 * envelope * Math.max(-1, Math.min(1, square)));
}
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + samples, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20);
header.writeUInt16LE(1, 22);
header.writeUInt32LE(rate, 24);
header.writeUInt32LE(rate, 28);
header.writeUInt16LE(1, 32);
header.writeUInt16LE(8, 34);
header.write('data', 36);
header.writeUInt32LE(samples, 40);
writeFileSync(new URL('../src/assets/alarm.wav', import.meta.url), Buffer.concat([header, data]));
