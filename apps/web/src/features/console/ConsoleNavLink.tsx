import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { consoleMeQuery } from '../../data/console.ts';

/**
 * Issue 17: the menu's "Lifesaver console" entry, for users the server gives a console role
 * (console/me answers 403 to everyone else). Loaded apart from the menu, for signed-in users only,
 * so Home's first load carries none of it.
 */
export default function ConsoleNavLink({ userId }: { userId: number }) {
  const { data } = useQuery({ ...consoleMeQuery(userId), staleTime: 10 * 60_000, retry: false });
  if (!data) return null;
  return (
    <li>
      <NavLink to="/console">Lifesaver console</NavLink>
    </li>
  );
}
