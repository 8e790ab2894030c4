export { currencyMinorDigits, normalizeCurrency } from './money/currency.js';
