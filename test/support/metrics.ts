import type { App } from '../../src/app.js';

/** A series of the metrics text, summed over the lines whose labels start with `labels`. */
export function metric(text: string, name: string, labels = ''): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{${labels}`) || line.startsWith(`${name} `))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

export async function metricsOf(app: App): Promise<string> {
  return (await app.inject({ url: '/metrics' })).body;
}

/** What the response cache holds now, from its gauge: answers or bytes. */
export async function kept(app: App, unit: 'answers' | 'bytes'): Promise<number> {
  return metric(await metricsOf(app), 'clubhouse_response_cache_kept', `unit="${unit}"`);
}
