// @ts-check
/**
 * The one ajv configuration for Lockstep's two schemas (scenario.schema.json
 * and lessons/lesson.schema.json): draft-07, every error reported, verbose
 * (validate.js reads the failing schema's "x-expected" words), strict.
 * Used at run time in node (../schemas.js) and at build time for the web,
 * where the validators become plain code (web/plugins/schemas.ts).
 */
import AjvModule from 'ajv';

// ajv is CommonJS: node hands us module.exports, bundlers may hand us the
// namespace with .default.
const Ajv = /** @type {typeof import('ajv').default} */ (/** @type {any} */ (AjvModule).default ?? AjvModule);

/**
 * A configured ajv instance; `standalone` also keeps the generated source.
 * @param {{standalone?: boolean}} [options]
 */
export function newAjv({ standalone = false } = {}) {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: true,
    allowUnionTypes: true,
    ...(standalone ? { code: { source: true, esm: true } } : {}),
  });
  ajv.addKeyword({ keyword: 'x-expected', schemaType: 'string' });
  return ajv;
}
