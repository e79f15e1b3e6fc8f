import { useQueryClient } from '@tanstack/react-query';
import { AFTER_LOGOUT_PATH } from '@towerwatch/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearTokens } from '../../../lib/token-store.ts';
import { logout } from '../api/auth-api.ts';

/**
 * Logs out: tells the server, clears the tokens and every cached query (dashboard, site, customer,
 * user list, ticket and OEM data, docs/requirements.md#tickets) and goes to /.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The server may already consider the token gone; logging out locally is what matters.
    }
    clearTokens();
    queryClient.clear();
    await navigate(AFTER_LOGOUT_PATH);
  }, [navigate, queryClient]);
}
