import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import './field.css';

/** What a control inside a Field must spread to be labelled and described. */
export type FieldControlProps = {
  id: string;
  required?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
};

type FieldProps = {
  label: string;
  required?: boolean;
  /** Shown under the control in place of the helper text. */
  error?: string | null;
  helperText?: ReactNode;
  /** Something on the label's line, right-aligned (e.g. a "Forgot your password?" link). */
  labelAction?: ReactNode;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** A label, a control, and under it either the error or the helper text. */
export function Field({ label, required, error, helperText, labelAction, id, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const messageId = `${controlId}-message`;
  const message = error || helperText;

  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <div className="field__label-row">
        <label htmlFor={controlId} className="field__label">
          {label}
          {required && (
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
        {labelAction}
      </div>
      {children({
        id: controlId,
        required,
        'aria-describedby': message ? messageId : undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {error ? (
        <p id={messageId} className="field__error">
          {error}
        </p>
      ) : helperText ? (
        <p id={messageId} className="field__helper">
          {helperText}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'required'> & Omit<FieldProps, 'children' | 'className'> & { fieldClassName?: string };

/** A Field holding a text-like input. */
export function TextField({ label, required, error, helperText, labelAction, id, fieldClassName, className, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} required={required} error={error} helperText={helperText} labelAction={labelAction} id={id} className={fieldClassName}>
      {(control) => <input className={cx('input', className)} {...inputProps} {...control} />}
    </Field>
  );
}
