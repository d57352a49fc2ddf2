// Test only, loaded into a server process with `node --import` (never by the product): on
// SIGUSR2 the process's wall clock (Date.now) jumps ahead by CARDWORDS_TEST_CLOCK_JUMP_MS, as
// an NTP step or a resumed virtual machine shows it to that process alone; the monotonic
// clock (performance.now) goes on as it was. Said on standard error, so a test knows when.
const step = Number(process.env.CARDWORDS_TEST_CLOCK_JUMP_MS ?? 0);
const wall = Date.now.bind(Date);
let offset = 0;
Date.now = () => wall() + offset;
process.on('SIGUSR2', () => {
  offset += step;
  process.stderr.write(`clock-jump: the wall clock is ${offset} ms ahead\n`);
});
