/**
 * A password an admin can hand to a new user or after a reset: 16 characters from the
 * platform's secure random source, in four groups, without look-alikes (0/O, 1/l/I), so it can
 * be read out or typed from a screen. 16 of 54 symbols is about 92 bits.
 */
const ALPHABET = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
// Bytes at or above this would favour the first symbols (256 is not a multiple of the size).
const LIMIT = 256 - (256 % ALPHABET.length);

export function generatePassword(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const symbols: string[] = [];
  while (symbols.length < 16) {
    for (const byte of random(new Uint8Array(32))) {
      if (byte < LIMIT && symbols.length < 16) symbols.push(ALPHABET[byte % ALPHABET.length]!);
    }
  }
  return [0, 4, 8, 12].map((at) => symbols.slice(at, at + 4).join("")).join("-");
}
