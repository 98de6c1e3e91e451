/** The chime's two notes (a falling major third) and when each starts, in seconds. */
const notes = [
  { frequency: 880, at: 0 },
  { frequency: 698.46, at: 0.16 },
] as const;
const noteSeconds = 0.4;
const volume = 0.25;
/** How long a context gets to start before its chime is dropped. */
const startGraceMs = 500;

/**
 * A player of the waiting room's chime, generated with Web Audio (nothing to fetch). The browser
 * may refuse to start audio before the clinician has used the page: the chime is then not heard,
 * and never later (a suspended context would play it at the next click).
 */
export function createChime(createContext: () => AudioContext): () => void {
  let context: AudioContext | undefined;
  return () => {
    try {
      // One context for the page: browsers limit how many it may open.
      context ??= createContext();
      const audio = context;
      if (audio.state === 'suspended') audio.resume().catch(() => undefined);
      const output = audio.createGain();
      output.gain.value = volume;
      output.connect(audio.destination);
      const start = audio.currentTime + 0.02;
      for (const note of notes) {
        const at = start + note.at;
        const oscillator = audio.createOscillator();
        const envelope = audio.createGain();
        oscillator.frequency.value = note.frequency;
        // A quick rise and a soft decay, so the notes ring rather than click.
        envelope.gain.setValueAtTime(0.0001, at);
        envelope.gain.exponentialRampToValueAtTime(1, at + 0.02);
        envelope.gain.exponentialRampToValueAtTime(0.0001, at + noteSeconds);
        oscillator.connect(envelope).connect(output);
        oscillator.start(at);
        oscillator.stop(at + noteSeconds);
      }
      setTimeout(() => {
        if (audio.state !== 'running') output.disconnect();
      }, startGraceMs);
    } catch {
      // No Web Audio here, or the browser refused it: the list still shows the patient.
    }
  };
}

export const playChime = createChime(() => new AudioContext());
