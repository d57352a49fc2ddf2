// The time limit of a long CPU-bound property test (thousands of positions; 5 to 15 s on an
// idle machine). The suites run below the type check, the lint and the installs of a fresh
// machine (test/support/priority.ts), which take the cores first: such a test took up to ten
// times as long there (123 s against the run's 120 s limit, the first time it failed). The
// run's limit is for a hang; these are not hung while they compute.
export const CPU_BOUND = { timeout: 600_000 };
