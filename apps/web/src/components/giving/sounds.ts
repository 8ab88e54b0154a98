export type GiveSound = 'bonus' | 'flag';

export interface ToneStep {
  /** Hz */
  frequency: number;
  /** Seconds from the start. */
  start: number;
  /** Seconds. */
  duration: number;
}

const NOTES: Record<GiveSound, number[]> = {
  // C5 E5 G5: a rising major arpeggio.
  bonus: [523.25, 659.25, 783.99],
  // G4 E♭4 C4: a falling minor one.
  flag: [392.0, 311.13, 261.63],
};
const STEP = 0.09;
const LENGTH = 0.14;

/** The notes of a give's sound: rising for a bonus, falling for a flag. */
export const toneSchedule = (kind: GiveSound): ToneStep[] =>
  NOTES[kind].map((frequency, i) => ({ frequency, start: i * STEP, duration: LENGTH }));

/** Which sound a give makes: a flag's when it took points away. */
export const soundForPoints = (pointsPerStudent: number): GiveSound =>
  pointsPerStudent < 0 ? 'flag' : 'bonus';

type AudioContextCtor = new () => AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const g = globalThis as unknown as {
    AudioContext?: AudioContextCtor;
    webkitAudioContext?: AudioContextCtor;
  };
  const Ctor = g.AudioContext ?? g.webkitAudioContext;
  if (!Ctor) return null;
  context ??= new Ctor();
  return context;
}

/** Opens the audio context inside the click that starts a give, so browsers let it play afterwards. */
export function primeAudio(): void {
  try {
    const ctx = audioContext();
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
  } catch {
    // Audio unavailable: gives stay silent.
  }
}

/** Plays the sound with the Web Audio API; silent where audio is unavailable or blocked. */
export function playGiveSound(kind: GiveSound): void {
  try {
    const ctx = audioContext();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const t0 = ctx.currentTime + 0.01;
    for (const step of toneSchedule(kind)) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = kind === 'bonus' ? 'triangle' : 'sine';
      osc.frequency.setValueAtTime(step.frequency, t0 + step.start);
      gain.gain.setValueAtTime(0.0001, t0 + step.start);
      gain.gain.exponentialRampToValueAtTime(0.18, t0 + step.start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + step.start + step.duration);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + step.start);
      osc.stop(t0 + step.start + step.duration + 0.02);
    }
  } catch {
    // No sound is better than a broken give.
  }
}
