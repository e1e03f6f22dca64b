import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '@safeshore/domain';
import { deleteAccount, failureText } from '../../data/accounts.ts';
import { clearSession } from '../../data/session.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, FormMessageView, formValue, type FormMessage } from './form.tsx';

/**
 * Account deletion behind a confirmation dialog (closed by Cancel, the close button, Escape or the
 * backdrop). The typed email must equal the account's exactly, or nothing is sent. On success the
 * user lands on Home, signed out, with the success message.
 */
export function DeleteAccountSection({ email }: { email: string }) {
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
        {open && <DeleteAccountForm email={email} onCancel={() => setOpen(false)} />}
      </Dialog>
    </section>
  );
}

function DeleteAccountForm({ email, onCancel }: { email: string; onCancel: () => void }) {
  const navigate = useNavigate();
  const [message, setMessage] = useState<FormMessage | null>(null);
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearSession();
      void navigate('/', { replace: true, state: { flash: ACCOUNT_MESSAGES.accountDeleted } });
    },
    onError: (error) =>
      setMessage({ kind: 'error', text: failureText(error, ACCOUNT_MESSAGES.deleteFailed) }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = formValue(new FormData(event.currentTarget), 'confirm_delete_email', false);
    if (typed !== email) {
      setMessage({ kind: 'error', text: ACCOUNT_MESSAGES.deleteEmailMismatch });
      return;
    }
    setMessage(null);
    remove.mutate(typed);
  }

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Confirm account deletion">
      <p>
        To confirm, type the email address of your account exactly as shown: <strong>{email}</strong>
      </p>
      <FormMessageView message={message} />
      <fieldset className="form__fields" disabled={remove.isPending}>
        <Field label="Email address" name="confirm_delete_email" type="email" autoComplete="off" />
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
