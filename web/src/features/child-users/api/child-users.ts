// GET api/childusers, PUT api/childusers/{userId}, DELETE api/childusers/{userId}/appkey (advanced.md §7).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChildUserUpdateBody,
  childUserAppKeyDeleteCall,
  childUserListCall,
  childUserUpdateCall,
} from '@camwatch/contract/child-users';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const childUsersQueryKey = ['child-users'] as const;

export const useChildUsers = () =>
  useQuery({
    queryKey: childUsersQueryKey,
    queryFn: async ({ signal }) =>
      (await callApi<typeof childUserListCall>(routes.childUserList, { signal })).data.childUsers,
  });

export function useUpdateChildUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, changes }: { userId: number; changes: Partial<ChildUserUpdateBody> }) =>
      callApi<typeof childUserUpdateCall>(routes.childUserUpdate, { params: { userId }, body: changes }),
    onSettled: () => client.invalidateQueries({ queryKey: childUsersQueryKey }),
  });
}

export function useClearChildAppKeys() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      callApi<typeof childUserAppKeyDeleteCall>(routes.childUserAppKeyDelete, { params: { userId } }),
    onSettled: () => client.invalidateQueries({ queryKey: childUsersQueryKey }),
  });
}
