// Test only, loaded into a server process with `node --import` (never by the product): at
// each SIGUSR2 the process's wall clock (Date.now) jumps by the next step of
// CARDWORDS_TEST_CLOCK_JUMP_MS (milliseconds, comma-separated, negative: back), as an NTP
// step or a resumed virtual machine shows it to that process alone; the monotonic clock
// (performance.now) goes on as it was. Said on standard error, so a test knows when.
const steps = (process.env.CARDWORDS_TEST_CLOCK_JUMP_MS ?? '').split(',').map(Number);
const wall = Date.now.bind(Date);
let offset = 0;
let jumps = 0;
Date.now = () => wall() + offset;
process.on('SIGUSR2', () => {
  offset += steps[jumps % steps.length] ?? 0;
  jumps++;
  process.stderr.write(`clock-jump ${jumps}: the wall clock is ${offset} ms off\n`);
});
