/** Twilio's error body (what the SDK's RestException reads: `code`, `message`, `more_info`, `status`). */
export interface TwilioErrorBody {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

/** An API error as Twilio answers it: an HTTP status and its error body, with the error's code from Twilio's catalog. */
export class TwilioApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  get body(): TwilioErrorBody {
    return {
      code: this.code,
      message: this.message,
      more_info: `https://www.twilio.com/docs/errors/${this.code}`,
      status: this.status,
    };
  }
}

const badRequest = (code: number, message: string) => new TwilioApiError(400, code, message);

export const TwilioErrors = {
  /** 20003: the credentials are missing or wrong. */
  authenticate: (detail: string) => new TwilioApiError(401, 20003, `Authentication Error - ${detail}`),
  /** 20404: an account, message or path the caller's credentials do not reach. */
  notFound: (path: string) => new TwilioApiError(404, 20404, `The requested resource ${path} was not found`),
  /** 20004: a method the resource does not have. */
  methodNotAllowed: (method: string) => new TwilioApiError(405, 20004, `Method ${method} not allowed`),
  toRequired: () => badRequest(21604, "A 'To' phone number is required."),
  invalidTo: (to: string) => badRequest(21211, `The 'To' number ${to} is not a valid phone number.`),
  fromRequired: () => badRequest(21603, "A 'From' phone number is required."),
  invalidFrom: (from: string) =>
    badRequest(21212, `The 'From' number ${from} is not a valid phone number, shortcode, or alphanumeric sender ID.`),
  fromNotOwned: (from: string) =>
    badRequest(
      21606,
      `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
    ),
  invalidMessagingService: (sid: string) => badRequest(21701, `The Messaging Service Sid ${sid} is invalid.`),
  sameToAndFrom: () => badRequest(21266, "'To' and 'From' number cannot be the same"),
  bodyRequired: () => badRequest(21602, 'Message body is required.'),
  bodyTooLong: () => badRequest(21617, 'The concatenated message body exceeds the 1600 character limit.'),
  invalidStatusCallback: (url: string) => badRequest(21609, `The StatusCallback URL ${url} is not a valid URL.`),
  invalidPageSize: () => badRequest(20001, 'PageSize must be a whole number from 1 to 1000.'),
  /** Twilio's test numbers (https://www.twilio.com/docs/iam/test-credentials): each To refused as Twilio refuses it. */
  cannotRoute: (to: string) =>
    badRequest(
      21612,
      `The 'To' phone number: ${to}, is not currently reachable using the 'From' phone number via SMS.`,
    ),
  noInternationalPermission: (to: string) =>
    badRequest(
      21408,
      `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${to}.`,
    ),
  unsubscribed: () => badRequest(21610, 'Attempt to send to unsubscribed recipient'),
  notSmsCapable: (to: string) => badRequest(21614, `'To' number ${to} is not a valid mobile number`),
  /** 20500: a fault of the stand-in itself. */
  internal: () => new TwilioApiError(500, 20500, 'An internal server error has occurred'),
};
