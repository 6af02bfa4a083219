import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Form, type FormProps } from '../../components/ui/form';
import { useAppDispatch } from '../../lib/hooks';
import { preferMissing } from './auth-messages';
import { loginNoticeChanged } from './auth-slice';

/**
 * A form on one of the login dialog's tabs: one summary alert for the whole form (the required-fields message first),
 * and the dialog's notice (an activation link sent, a sign-in asked for) cleared by any new attempt, valid or not.
 */
export function LoginTabForm<TValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  onFailure,
  children,
}: Pick<FormProps<TValues, TOutput>, 'form' | 'onSubmit' | 'onFailure'> & { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const clearNotice = () => dispatch(loginNoticeChanged(null));
  const submit = (values: TOutput) => {
    clearNotice();
    return onSubmit(values);
  };
  return (
    <Form
      form={form}
      onSubmit={submit}
      onFailure={onFailure}
      onInvalid={clearNotice}
      summary
      pickMessage={preferMissing}
      className="flex flex-col gap-4"
    >
      {children}
    </Form>
  );
}
