/**
 * A SNOMED CT concept id's form: 6 to 18 digits, no leading zero, a concept's partition (00 international, 10 an
 * extension) and its Verhoeff check digit last. Standalone (nothing of the product's), so the independent checks that
 * use it stay independent.
 */
export function isSnomedConceptId(id: string): boolean {
  return /^[1-9]\d{5,17}$/.test(id) && ['00', '10'].includes(id.slice(-3, -1)) && verhoeffValid(id);
}

function verhoeffValid(digits: string): boolean {
  let check = 0;
  [...digits].reverse().forEach((digit, position) => {
    check = MULTIPLY[check]![PERMUTE[position % 8]![Number(digit)]!]!;
  });
  return check === 0;
}

/** Verhoeff's dihedral group D5: multiplication and the position permutation. */
const MULTIPLY = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const PERMUTE = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
