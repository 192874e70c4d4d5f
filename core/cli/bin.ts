#!/usr/bin/env node
import { runCli } from './main.js';

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: process.stdout.isTTY === true,
  cwd: process.cwd(),
});
process.exitCode = code;
