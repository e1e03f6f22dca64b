import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '@safeshore/domain';
import { deleteAccount } from '../../data/accounts.ts';
import { clearSession } from '../../data/session.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, FormMessageView, failureMessage, formValue, type FormMessage } from './form.tsx';

/**
 * Account deletion behind a confirmation dialog (closed by Cancel, the close button, Escape or the
 * backdrop). The typed email must equal the account's exactly, or nothing is sent; the password
 * proves the owner is asking (an account without one needs a sign-in in the last 15 minutes). On
 * success the user lands on Home, signed out, with the success message.
 */
export function DeleteAccountSection({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card profile__section" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete account</h2>
      <p>
        Deleting your account removes your details, your followed beaches and your registered devices. This
        cannot be undone.
      </p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      <Dialog open={open} title="Delete account" onClose={() => setOpen(false)}>
        {open && (
          <DeleteAccountForm email={email} hasPassword={hasPassword} onCancel={() => setOpen(false)} />
        )}
      </Dialog>
    </section>
  );
}

function DeleteAccountForm({
  email,
  hasPassword,
  onCancel,
}: {
  email: string;
  hasPassword: boolean;
  onCancel: () => void;
}) {
  const navigate = useNavigate();
  const [message, setMessage] = useState<FormMessage | null>(null);
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearSession();
      void navigate('/', { replace: true, state: { flash: ACCOUNT_MESSAGES.accountDeleted } });
    },
    // Field errors (a wrong password) are listed; anything else is the spec's text.
    onError: (error) => setMessage(failureMessage(error, ACCOUNT_MESSAGES.deleteFailed)),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const typed = formValue(data, 'confirm_delete_email', false);
    if (typed !== email) {
      setMessage({ kind: 'error', text: ACCOUNT_MESSAGES.deleteEmailMismatch });
      return;
    }
    setMessage(null);
    remove.mutate({ confirmEmail: typed, password: hasPassword ? formValue(data, 'password', false) : '' });
  }

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Confirm account deletion">
      <p>
        To confirm, type the email address of your account exactly as shown: <strong>{email}</strong>
      </p>
      <FormMessageView message={message} />
      <fieldset className="form__fields" disabled={remove.isPending}>
        <Field label="Email address" name="confirm_delete_email" type="email" autoComplete="off" />
        {hasPassword ? (
          <Field label="Password" name="password" type="password" autoComplete="current-password" />
        ) : (
          <p className="field__hint">
            Your account signs in with Apple or Facebook: if you signed in more than 15 minutes ago, sign in
            again first.
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--danger">
            {remove.isPending ? 'Deleting…' : 'Delete account'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
