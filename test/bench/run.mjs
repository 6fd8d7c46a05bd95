#!/usr/bin/env node
// `npm run bench`: filled in by the performance work. Benchmarks never run inside `npm test`.
console.info("No benchmarks yet.");
