/**
 * How an operation's time grows from an input of size n to one of size 2n. Rounds alternate the
 * two sizes, each round's ratio is taken, and the median of those is the answer: a pause of the
 * machine (another test file, a collection) lands in one round, not in the figure. Linear work
 * gives about 2; quadratic work gives about 4 and more.
 */
export function doublingRatio<Input>(run: (input: Input) => unknown, makeInput: (size: number) => Input, size: number): number {
  const small = flat(makeInput(size));
  const large = flat(makeInput(size * 2));
  const calls = callsPerRound(run, small);
  const ratios: number[] = [];
  for (let round = 0; round < 5; round++) ratios.push(timeOf(run, large, calls) / timeOf(run, small, calls));
  ratios.sort((a, b) => a - b);
  return ratios[2] ?? Number.POSITIVE_INFINITY;
}

/** A flat string: a sliced or concatenated one would be flattened by the first call and time that. */
function flat<Input>(input: Input): Input {
  return typeof input === "string" ? (Buffer.from(input).toString() as Input) : input;
}

/** Enough calls that a round on the small input takes 5 ms or more, so the timer's resolution does not count. */
function callsPerRound<Input>(run: (input: Input) => unknown, input: Input): number {
  let calls = 1;
  // Only the timed rounds start from a collected heap: a collection costs more than a short round.
  while (calls < 1 << 20 && timeOf(run, input, calls, false) < 5) calls *= 2;
  return calls;
}

/**
 * Each timed round starts from a collected heap (the test workers run with --expose-gc): the
 * garbage of the round before is not charged to this one, so the young generation's size, not the
 * work, can no longer decide whether the large input looks quadratic.
 */
const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

function timeOf<Input>(run: (input: Input) => unknown, input: Input, calls: number, clean = true): number {
  if (clean) collect();
  const started = performance.now();
  for (let call = 0; call < calls; call++) run(input);
  return performance.now() - started;
}

/** `unit` repeated to exactly `size` characters: the shape of most hostile inputs. */
export const repeatTo = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
