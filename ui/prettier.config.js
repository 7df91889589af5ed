// The UI's formatter (`npm run format`; `npm run lint` checks it, so scripts/test.sh does).
// Prettier's defaults are the house style already (double quotes, semicolons, trailing
// commas). The width is a compromise: wider moves fewer of the lines written before Prettier
// (160 would have rewritten 1,032, 120 rewrote 1,678, 100 2,484) but keeps the long lines a
// review found hard to read; 120 is near rustfmt's 110 for the Rust side, with room for JSX.
/** @type {import("prettier").Config} */
export default { printWidth: 120 };
