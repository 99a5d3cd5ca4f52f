// Two lengths of one test: `npm test` runs the short one, which shows the same property through the
// same code paths (fewer rounds, items or seeds; outages of seconds with the service's retry
// intervals scaled down by its own settings); `npm run test:soak` (jest.soak.config.js sets
// TEST_SOAK=1) runs the full-length one. docs/testing.md lists each pair.

/** True under `npm run test:soak`. */
export const SOAK = process.env.TEST_SOAK === '1';

/** `short` in `npm test`, `soak` under `npm run test:soak`. */
export function soakOr<T>(short: T, soak: T): T {
  return SOAK ? soak : short;
}
