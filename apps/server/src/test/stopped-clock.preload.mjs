// A test's hand on a Hanabi process's clock, loaded with `node --import` before the built server: on SIGUSR2 the
// process reads an epoch millisecond from HANABI_TEST_CLOCK_FILE and its clock stands still there (an empty file:
// the real clock again), then it writes `<file>.ack`. Real drand rounds are signed for moments long past, and a
// draw takes the first round after the moment it closes; a clock stopped just before a round's publication lets a
// test draw on that round whatever the machine's load. Timers are untouched: only what `Date` tells changes.
import fs from 'node:fs';

const file = process.env.HANABI_TEST_CLOCK_FILE;
if (!file) throw new Error('stopped-clock.preload.mjs needs HANABI_TEST_CLOCK_FILE');

const RealDate = Date;
let stoppedAt = null;
const now = () => stoppedAt ?? RealDate.now();

class TestDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(now());
    else super(...args);
  }
  static now() {
    return now();
  }
}
globalThis.Date = TestDate;

process.on('SIGUSR2', () => {
  const text = fs.readFileSync(file, 'utf8').trim();
  stoppedAt = text === '' ? null : Number(text);
  fs.writeFileSync(`${file}.ack`, text);
});
