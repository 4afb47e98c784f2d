#!/usr/bin/env node
// archway-scan: runs the TypeScript sources through tsx (no build step, like the server).
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../src/cli.ts');
await run();
