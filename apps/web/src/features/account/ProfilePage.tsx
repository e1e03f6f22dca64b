import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES, ONLINE_ONLY_MESSAGE, PASSWORD_MIN_LENGTH, type User } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import {
  changePassword,
  requestEmailVerification,
  updateProfile,
  type ProfileInput,
} from '../../data/accounts.ts';
import { updateSessionUser, useSession } from '../../data/session.ts';
import { useOnline } from '../../platform/online.ts';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { DevicesSection } from './DevicesSection.tsx';
import {
  Field,
  FormMessageView,
  SignedOutNotice,
  failureMessage,
  formValue,
  type FormMessage,
} from './form.tsx';

/**
 * My Profile (online and signed in only): personal information, replace password, notifications,
 * devices and account deletion.
 */
export function ProfilePage() {
  usePageTitle('Profile');
  const session = useSession();
  const online = useOnline();
  if (!session) return <SignedOutNotice />;
  const { user } = session;
  return (
    <div className="page page--narrow account profile">
      <h1>My Profile</h1>
      {online ? (
        <>
          {user.email_verified === false && <UnverifiedEmailNotice email={user.email} />}
          <PersonalInformation user={user} />
          <PasswordSection />
          <NotificationsSection user={user} />
          <DevicesSection userId={user.id} />
          <DeleteAccountSection email={user.email} hasPassword={user.has_password !== false} />
        </>
      ) : (
        <p>{ONLINE_ONLY_MESSAGE}</p>
      )}
    </div>
  );
}

/** An account whose address nobody has confirmed yet (made before email verification, or with Facebook). */
function UnverifiedEmailNotice({ email }: { email: string }) {
  const [message, setMessage] = useState<FormMessage | null>(null);
  const send = useMutation({
    mutationFn: requestEmailVerification,
    onSuccess: (text) => setMessage({ kind: 'success', text }),
    onError: (error) => setMessage(failureMessage(error, ACCOUNT_MESSAGES.resendFailed)),
  });
  return (
    <section className="card profile__section" aria-labelledby="verify-heading">
      <h2 id="verify-heading">Confirm your email</h2>
      <p>
        Your email address <strong>{email}</strong> is not confirmed yet. Confirm it so that nobody else can
        claim your account with it.
      </p>
      <FormMessageView message={message} />
      <button
        type="button"
        className="button button--secondary"
        disabled={send.isPending}
        onClick={() => {
          setMessage(null);
          send.mutate();
        }}
      >
        {send.isPending ? 'Sending…' : 'Send me a confirmation link'}
      </button>
    </section>
  );
}

function useProfileUpdate(onMessage: (message: FormMessage) => void, onSaved?: () => void) {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user, pendingEmail, message }) => {
      updateSessionUser(user);
      onMessage({
        kind: 'success',
        // A new email waits for the new address to confirm it; the server says so.
        text: pendingEmail && message ? message : ACCOUNT_MESSAGES.profileUpdated,
      });
      onSaved?.();
    },
    onError: (error) => onMessage(failureMessage(error, ACCOUNT_MESSAGES.profileFailed, true)),
  });
}

function PersonalInformation({ user }: { user: User }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [email, setEmail] = useState(user.email);
  const save = useProfileUpdate(setMessage, () => {
    // The form shows the account's address again until the new one is confirmed.
    setEmail(user.email);
    const field = formRef.current?.elements.namedItem('email');
    if (field instanceof HTMLInputElement) field.value = user.email;
  });
  const changesEmail = email.trim().toLowerCase() !== user.email;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setMessage(null);
    save.mutate({
      first_name: formValue(data, 'first_name'),
      last_name: formValue(data, 'last_name'),
      email: formValue(data, 'email'),
      notification_enabled: user.notification_enabled,
      ...(changesEmail ? { current_password: formValue(data, 'current_password', false) } : {}),
    });
  }

  return (
    <section className="card profile__section" aria-labelledby="personal-heading">
      <h2 id="personal-heading">Personal information</h2>
      <form ref={formRef} className="form" onSubmit={submit} aria-labelledby="personal-heading">
        <FormMessageView message={message} />
        <fieldset className="form__fields" disabled={save.isPending}>
          <div className="form__row">
            <Field
              label="First name"
              name="first_name"
              autoComplete="given-name"
              defaultValue={user.first_name}
              required
            />
            <Field
              label="Last name"
              name="last_name"
              autoComplete="family-name"
              defaultValue={user.last_name}
              required
            />
          </div>
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={user.email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
          {changesEmail && user.has_password !== false && (
            <Field
              label="Current password"
              name="current_password"
              type="password"
              autoComplete="current-password"
              hint="Needed to change your email. The change takes effect when you open the link we send to the new address."
              required
            />
          )}
          <div className="form__actions">
            <button type="submit" className="button">
              {save.isPending ? 'Saving…' : 'Save changes'}
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

function PasswordSection() {
  const formRef = useRef<HTMLFormElement>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => setMessage({ kind: 'success', text: ACCOUNT_MESSAGES.passwordUpdated }),
    onError: (error) => setMessage(failureMessage(error, ACCOUNT_MESSAGES.passwordFailed)),
    // Spec section 5: the three password fields are cleared after any result.
    onSettled: () => formRef.current?.reset(),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setMessage(null);
    change.mutate({
      current_password: formValue(data, 'current_password', false),
      password: formValue(data, 'password', false),
      password_confirmation: formValue(data, 'password_confirmation', false),
    });
  }

  return (
    <section className="card profile__section" aria-labelledby="password-heading">
      <h2 id="password-heading">Replace password</h2>
      <form ref={formRef} className="form" onSubmit={submit} aria-labelledby="password-heading">
        <FormMessageView message={message} />
        <fieldset className="form__fields" disabled={change.isPending}>
          <Field
            label="Current password"
            name="current_password"
            type="password"
            autoComplete="current-password"
            required
          />
          <Field
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            required
          />
          <Field
            label="Confirm new password"
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            required
          />
          <div className="form__actions">
            <button type="submit" className="button">
              {change.isPending ? 'Updating…' : 'Update password'}
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

function NotificationsSection({ user }: { user: User }) {
  const [message, setMessage] = useState<FormMessage | null>(null);
  const save = useProfileUpdate(setMessage);
  const profile: ProfileInput = {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    notification_enabled: user.notification_enabled,
  };
  const checked = save.isPending ? save.variables.notification_enabled : user.notification_enabled;

  return (
    <section className="card profile__section" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">Notifications</h2>
      <FormMessageView message={message} />
      <label className="checkbox">
        <input
          type="checkbox"
          name="notification_enabled"
          checked={checked}
          disabled={save.isPending}
          onChange={(event) => {
            setMessage(null);
            save.mutate({ ...profile, notification_enabled: event.target.checked });
          }}
        />
        Send notifications about my beaches to the SafeShore app on my devices
      </label>
      <p>
        <Link to="/notifications">Choose alerts for each beach, quiet hours and this browser</Link>
      </p>
    </section>
  );
}
