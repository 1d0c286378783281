import { createHash } from 'node:crypto';

const SAMPLE_RATE = 22_050;

/** How long the demo audio plays. */
export const DEMO_AUDIO_SECONDS = 5;

/** A pentatonic scale from A3 (Hz): any sequence of its notes sounds agreeable. */
const SCALE = [220, 247.5, 277.2, 330, 370.7, 440, 495, 554.4, 660];

/**
 * A short melody as a WAV file (16-bit PCM, mono, 22.05 kHz), which every browser plays without
 * ffmpeg: `notes` soft tones chosen from the medium's title, so each audio medium sounds its own.
 */
export function melodyWav(title: string, seconds = DEMO_AUDIO_SECONDS): Buffer {
  const digest = createHash('sha256').update(title).digest();
  const samples = Math.round(seconds * SAMPLE_RATE);
  const notes = 10;
  const noteSamples = Math.floor(samples / notes);
  const data = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index += 1) {
    const note = Math.min(Math.floor(index / noteSamples), notes - 1);
    const frequency = SCALE[(digest[note] ?? 0) % SCALE.length] ?? 440;
    const position = (index - note * noteSamples) / noteSamples;
    // A soft attack and a long decay per note, so tones do not click.
    const envelope = Math.min(1, position * 20) * Math.exp(-3 * position);
    const time = index / SAMPLE_RATE;
    const value =
      envelope *
      (0.5 * Math.sin(2 * Math.PI * frequency * time) +
        0.15 * Math.sin(4 * Math.PI * frequency * time));
    data.writeInt16LE(Math.round(value * 0.6 * 32_767), index * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
