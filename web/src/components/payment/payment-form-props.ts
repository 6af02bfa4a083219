/** What every card form (the stand-in's, Stripe's Elements) is given. */
export interface CardPaymentFormProps {
  /** The client secret of the payment to confirm (a subscription's first invoice, a shop checkout). */
  clientSecret: string;
  /** Where the provider sends the browser back after a bank's confirmation page. */
  returnUrl: string;
  submitLabel: string;
  /** After the provider confirmed the payment; the form stays busy until it settles. */
  onPaid: () => Promise<void>;
}
