// Device authentication from the setting screen: GET/POST/DELETE api/auth/appkey, PUT api/auth/devauth.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  appKeyCreateCall,
  appKeyDeleteCall,
  appKeyListCall,
  deviceAuthSetCall,
} from '@camwatch/contract/auth';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

const appKeysQueryKey = ['auth', 'appkeys'] as const;

export const useAppKeys = (enabled: boolean) =>
  useQuery({
    queryKey: appKeysQueryKey,
    queryFn: async ({ signal }) => (await callApi<typeof appKeyListCall>(routes.appKeyList, { signal })).data,
    enabled,
  });

export function useDeviceAuthMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: appKeysQueryKey });
  return {
    register: useMutation({
      mutationFn: (name: string) => callApi<typeof appKeyCreateCall>(routes.appKeyCreate, { body: { name } }),
      onSettled: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: number) => callApi<typeof appKeyDeleteCall>(routes.appKeyDelete, { body: { id } }),
      onSettled: refresh,
    }),
    setEnabled: useMutation({
      mutationFn: (input: { enabled: boolean; appKey: string | null }) =>
        callApi<typeof deviceAuthSetCall>(routes.deviceAuthSet, { body: input }),
      // The user info carries devauthEnabled.
      onSettled: () => Promise.all([refresh(), client.invalidateQueries({ queryKey: ['auth', 'me'] })]),
    }),
  };
}
