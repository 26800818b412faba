/*
 * For the memory models' unit tests: the text of a litmus test by its name
 * ("mp", "sb"), bundled at build time.  The litmus suite is the folder
 * litmus/ of one engine's scenarios (tests/scenarios/<engine>/litmus/): found
 * by the glob, so that this machine-side test names no engine.
 */
const scenarios = import.meta.glob<string>('../../../tests/scenarios/*/litmus/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export function litmusText(name: string): string {
  const [text, ...more] = Object.entries(scenarios)
    .filter(([path]) => path.endsWith(`/litmus/${name}.yaml`))
    .map(([, t]) => t);
  if (text === undefined || more.length) throw new Error(`no litmus test ${name}, or more than one`);
  return text;
}
