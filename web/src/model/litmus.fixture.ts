/*
 * For the memory models' unit tests: the text of a litmus test of
 * tests/scenarios/litmus/ by its name ("mp", "sb"), bundled at build time.
 */
const scenarios = import.meta.glob<string>('../../../tests/scenarios/litmus/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export function litmusText(name: string): string {
  const text = scenarios[`../../../tests/scenarios/litmus/${name}.yaml`];
  if (text === undefined) throw new Error(`no litmus test ${name}`);
  return text;
}
