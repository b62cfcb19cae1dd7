/** Card number, expiry and security code rules for the payment form. */

export const CARD_NUMBER_PATTERN = /^[\d ]+$/;
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;
export const EXPIRY_PATTERN = /^(0[1-9]|1[0-2]) ?\/ ?(\d{2})$/;
export const CVV_PATTERN = /^\d{3,4}$/;

export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/ /g, "");
}

/** The Luhn (mod 10) checksum every payment card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Whether an MM/YY expiry is still valid on `now`: a card works until the last day of its expiry
 * month. YY is a year of this century (20YY).
 */
export function isExpiryCurrent(expiry: string, now: Date): boolean {
  const match = EXPIRY_PATTERN.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return year > currentYear || (year === currentYear && month >= currentMonth);
}
