/**
 * Twilio's default opt-out handling: a phone that texts one of these words to the account's number is sent nothing more
 * from it (21610) until it texts one of the opt-in words. Twilio matches the whole message, case aside
 * (https://help.twilio.com/articles/223134027).
 */
const OPT_OUT_WORDS = new Set([
  'STOP',
  'STOPALL',
  'STOP ALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
]);
const OPT_IN_WORDS = new Set(['START', 'YES', 'UNSTOP']);

export class OptOuts {
  private readonly numbers = new Set<string>();

  /** A text from a phone: an opt-out or opt-in word changes what may be sent to it. */
  hear(from: string, body: string): void {
    const word = body.trim().replace(/\s+/g, ' ').toUpperCase();
    if (OPT_OUT_WORDS.has(word)) this.numbers.add(from);
    else if (OPT_IN_WORDS.has(word)) this.numbers.delete(from);
  }

  has(number: string): boolean {
    return this.numbers.has(number);
  }

  clear(): void {
    this.numbers.clear();
  }
}
