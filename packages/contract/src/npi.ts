/**
 * A US National Provider Identifier: ten digits starting with 1 or 2 whose last digit is the
 * Luhn check digit of the first nine, computed with the card-issuer prefix 80840.
 */
export function isValidNpi(value: string): boolean {
  if (!/^[12]\d{9}$/.test(value)) return false;
  return npiCheckDigit(value.slice(0, 9)) === Number(value[9]);
}

export function npiCheckDigit(firstNine: string): number {
  let sum = 24; // the Luhn sum contributed by the prefix 80840
  for (let i = 0; i < firstNine.length; i++) {
    let digit = Number(firstNine[firstNine.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}
