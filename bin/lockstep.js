#!/usr/bin/env node
// @ts-check
// `npx lockstep`: the command line.  Everything lives in wasm/js/cli/.
import { main } from '../wasm/js/cli/main.js';

process.exitCode = await main(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
});
