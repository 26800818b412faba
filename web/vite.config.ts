/// <reference types="vitest/config" />
/*
 * The web app's build.  Root is web/; the app also imports from outside it:
 *   @wasm       build/wasm/        the emscripten module (built by `make wasm`)
 *   @lockstep   wasm/js/           Session and the scenario compiler
 * The course's lessons (lessons/) and the sandbox's scenarios
 * (tests/scenarios/) are compiled at build time by plugins/, with the node
 * build of the module (build/wasm/lockstep-node.cjs).  The dev server may
 * read the whole repository (fs.allow).
 */
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { engineList } from './plugins/engines.ts';
import { courseLessons } from './plugins/lessons.ts';
import { sandboxScenarios } from './plugins/scenarios.ts';
import { precompiledSchemas } from './plugins/schemas.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

/*
 * What the built app may do, sent with every page `vite preview` serves
 * (`make run`, the e2e tests): its own scripts, workers and WebAssembly, and
 * nothing compiled from strings (no 'unsafe-eval': the schema validators are
 * generated at build time, plugins/schemas.ts).  Inline styles stay allowed:
 * Mermaid's SVG carries its own <style>.  Anyone may frame the pages
 * (embedding is a feature), so there is no frame-ancestors.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');
const repo = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  plugins: [
    preact(),
    engineList(repo),
    courseLessons(repo),
    sandboxScenarios(repo),
    precompiledSchemas(repo),
  ],
  resolve: {
    alias: {
      '@wasm': `${repo}build/wasm`,
      '@lockstep': `${repo}wasm/js`,
    },
  },
  build: {
    outDir: `${repo}build/web`,
    emptyOutDir: true,
    target: 'es2022',
    // the .wasm must stay a file (streaming compilation, long-term caching)
    assetsInlineLimit: (file: string) => (file.endsWith('.wasm') ? false : undefined),
    reportCompressedSize: false,
    // the app, the compact lesson for iframes, the author page, and the <lockstep-lesson> element's one script
    // (a stable name, no hash: course pages link to it)
    rolldownOptions: {
      input: {
        index: `${here}index.html`,
        embed: `${here}embed.html`,
        author: `${here}author.html`,
        'lockstep-embed': `${here}src/embed/lockstep-embed.ts`,
      },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'lockstep-embed' ? 'lockstep-embed.js' : 'assets/[name]-[hash].js',
      },
    },
  },
  // the workers are ES modules like the app (they import the wasm glue); the author page's
  // check worker parses lessons, so it gets the precompiled schema validators too
  worker: { format: 'es', plugins: () => [precompiledSchemas(repo)] },
  server: { host: 'localhost', port: 5173, strictPort: true, fs: { allow: [repo] } },
  preview: {
    host: 'localhost',
    port: 5173,
    strictPort: true,
    headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
  },
  test: {
    root: here,
    include: ['src/**/*.test.ts', 'plugins/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    environment: 'node',
  },
});
