import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * The token of a mail link: kept in memory for the page and taken out of the address at once,
 * so it stays neither in the URL nor in the history.
 */
export function useUrlToken(): string | undefined {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [token] = useState(() => params.get('token') ?? undefined);
  const inUrl = params.has('token');
  useEffect(() => {
    if (inUrl) {
      void navigate({ search: '' }, { replace: true });
    }
  }, [inUrl, navigate]);
  return token;
}
