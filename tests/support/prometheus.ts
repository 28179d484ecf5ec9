// Reads the Prometheus text format (what GET /metrics answers) for assertions.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** Samples of `name` carrying every label in `labels`. */
export function samplesOf(text: string, name: string, labels: Record<string, string> = {}) {
  return parseSamples(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
}

/** The sum of the matching samples' values; undefined when none matches. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}) {
  const found = samplesOf(text, name, labels);
  return found.length === 0 ? undefined : found.reduce((sum, s) => sum + s.value, 0);
}
