// The widget runs in browsers: its files are type-checked with the DOM library. The root
// tsconfig's lib is ES2023 only (the Worker's globals come from worker/worker-configuration.d.ts), and
// it includes widget/, so the DOM library is brought in here rather than there.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
