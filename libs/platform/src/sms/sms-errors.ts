/** Twilio refused a text, or could not be asked; says whether trying again later can help. */
export class SmsProviderError extends Error {
  constructor(
    message: string,
    /** Twilio's error code (21211: not a valid phone number, 20003: bad credentials, ...), when Twilio answered one. */
    readonly code: number | undefined,
    /** The HTTP status Twilio answered, or undefined when it was not reached. */
    readonly status: number | undefined,
    /** False for a refusal the same request will always meet (a 4xx other than 429). */
    readonly retryable: boolean,
    /** Twilio's page about the error. */
    readonly moreInfo?: string,
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }
}

/** Sending was asked of a process that has no SMS provider configured. */
export class SmsNotConfiguredError extends Error {
  constructor() {
    super(
      'Texts are off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER to send them (check SmsSender.enabled first)',
    );
    this.name = 'SmsNotConfiguredError';
  }
}
