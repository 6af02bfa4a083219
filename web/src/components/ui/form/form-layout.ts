import { createContext, useContext } from 'react';

/** How a form shows its messages, shared by its fields, its alert and its submit button. */
export interface FormLayout {
  /** One message for the whole form, in its alert (fields point to it), instead of one under each field. */
  summary: boolean;
  alertId: string;
  /** True while the checked values are being sent. */
  sending: boolean;
  pickMessage: (messages: readonly string[]) => string | undefined;
}

export const FormLayoutContext = createContext<FormLayout>({
  summary: false,
  alertId: '',
  sending: false,
  pickMessage: (messages) => messages[0],
});

export const useFormLayout = (): FormLayout => useContext(FormLayoutContext);
