import { useFormContext, type FieldPath } from 'react-hook-form';
import { useFormLayout } from '../../components/ui/form';
import type { MedicalFormValues } from './medical-form-values';

/**
 * The medical form's fields, read-only while the form sends: `fieldProps(name)` gives a field control its registration
 * and that disabled state; `register` and `disabled` serve the controls that are not field components.
 */
export function useMedicalFields() {
  const { register } = useFormContext<MedicalFormValues>();
  const { sending } = useFormLayout();
  const fieldProps = (name: FieldPath<MedicalFormValues>) => ({ registration: register(name), disabled: sending });
  return { register, disabled: sending, fieldProps };
}
