/** Length-limited canonical Huffman codes, as deflate needs them for the PNG encoder. */
/** A canonical Huffman code as deflate writes it. */
export interface HuffmanCode {
  /** Bits per symbol (0: the symbol does not occur). */
  lengths: Uint8Array;
  /** Each symbol's code, bit-reversed so it can be written least significant bit first. */
  codes: Uint16Array;
}

/**
 * The optimal prefix code for `frequency` with no code longer than `maxBits`, in deflate's
 * canonical form. Code lengths come from Huffman's merge (two sorted queues: leaves, then
 * merged nodes, which are made in increasing weight); lengths over the limit are cut to it and
 * the Kraft sum repaired by moving the least frequent symbols one level down. A lone symbol is
 * given a one-bit code, with a partner so the code stays complete.
 *
 * @example
 * huffmanCode(Uint32Array.of(5, 1, 1), 15).lengths; // [1, 2, 2]
 */
export function huffmanCode(frequency: ArrayLike<number>, maxBits: number): HuffmanCode {
  const size = frequency.length;
  const lengths = new Uint8Array(size);
  const symbols: number[] = [];
  for (let i = 0; i < size; i++) if ((frequency[i] ?? 0) > 0) symbols.push(i);
  if (symbols.length === 1) {
    const only = symbols[0] ?? 0;
    lengths[only] = 1;
    lengths[only === 0 ? 1 : 0] = 1;
  } else if (symbols.length > 1) {
    symbols.sort((a, b) => (frequency[a] ?? 0) - (frequency[b] ?? 0) || a - b);
    assignLengths(symbols, frequency, maxBits, lengths);
  }
  return { lengths, codes: canonicalCodes(lengths, maxBits) };
}

function assignLengths(
  symbols: readonly number[],
  frequency: ArrayLike<number>,
  maxBits: number,
  lengths: Uint8Array,
): void {
  const leaves = symbols.length;
  const weight = new Float64Array(2 * leaves - 1);
  const parent = new Int32Array(2 * leaves - 1);
  for (let i = 0; i < leaves; i++) weight[i] = frequency[symbols[i] ?? 0] ?? 0;
  let leaf = 0;
  let node = leaves;
  for (let next = leaves; next < 2 * leaves - 1; next++) {
    const pick = (): number =>
      leaf < leaves && (node >= next || (weight[leaf] ?? 0) <= (weight[node] ?? 0))
        ? leaf++
        : node++;
    const a = pick();
    const b = pick();
    weight[next] = (weight[a] ?? 0) + (weight[b] ?? 0);
    parent[a] = next;
    parent[b] = next;
  }
  // Depths from the root down; nodes are numbered so a parent comes after its children.
  const depth = new Uint16Array(2 * leaves - 1);
  for (let i = 2 * leaves - 3; i >= 0; i--) depth[i] = (depth[parent[i] ?? 0] ?? 0) + 1;
  const count = new Uint32Array(Math.max(maxBits, 32) + 1);
  for (let i = 0; i < leaves; i++) count[Math.min(depth[i] ?? 0, maxBits)]!++;
  let kraft = 0;
  for (let bits = 1; bits <= maxBits; bits++) kraft += (count[bits] ?? 0) * 2 ** (maxBits - bits);
  while (kraft > 2 ** maxBits) {
    count[maxBits]!--;
    for (let bits = maxBits - 1; bits > 0; bits--) {
      if ((count[bits] ?? 0) > 0) {
        count[bits]!--;
        count[bits + 1]! += 2;
        break;
      }
    }
    kraft--;
  }
  // The least frequent symbols (first in `symbols`) take the longest codes.
  let at = 0;
  for (let bits = maxBits; bits >= 1; bits--) {
    for (let n = count[bits] ?? 0; n > 0; n--) lengths[symbols[at++] ?? 0] = bits;
  }
}

function canonicalCodes(lengths: Uint8Array, maxBits: number): Uint16Array {
  const perLength = new Uint16Array(maxBits + 1);
  for (const length of lengths) if (length > 0) perLength[length]!++;
  const next = new Uint16Array(maxBits + 2);
  let code = 0;
  for (let bits = 1; bits <= maxBits; bits++) {
    code = (code + (perLength[bits - 1] ?? 0)) << 1;
    next[bits] = code;
  }
  const codes = new Uint16Array(lengths.length);
  for (let symbol = 0; symbol < lengths.length; symbol++) {
    const length = lengths[symbol] ?? 0;
    if (length === 0) continue;
    let value = next[length]!++;
    let reversed = 0;
    for (let i = 0; i < length; i++) {
      reversed = (reversed << 1) | (value & 1);
      value >>= 1;
    }
    codes[symbol] = reversed;
  }
  return codes;
}
