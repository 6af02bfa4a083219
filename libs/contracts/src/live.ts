/** JSON messages pushed to browsers over the `/ws` socket. */
export const LiveMessageTypes = {
  subscriptionUpdated: 'subscription_updated',
  cartCleared: 'cart_cleared',
  /** One of the user's premium cards was just viewed. */
  cardScanned: 'card_scanned',
  /** Someone used "Tell their family" on one of the user's cards, or a contact answered, or none did in time. */
  familyAlert: 'family_alert',
  /** A reader opened one of the user's health links (the list refetches to show who). */
  healthLinkOpened: 'health_link_opened',
} as const;

export type LiveMessageType = (typeof LiveMessageTypes)[keyof typeof LiveMessageTypes];

export interface LiveMessage {
  type: LiveMessageType;
  [key: string]: unknown;
}

export const LIVE_SOCKET_PATH = '/ws';

/** The close code of a socket whose session ended (sign-out, expiry, reset, erasure): not one to reconnect. */
export const LIVE_SESSION_ENDED_CLOSE = 4401;
