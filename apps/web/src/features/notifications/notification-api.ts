import {
  apiRoutes,
  NOTIFICATION_STREAM_PATH,
  type Notification,
  type NotificationList,
  type NotificationStreamEvent,
} from '@hanabi/api';
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../lib/api-client';

const PAGE_SIZE = 20;

export const notificationListKey = (userId: string) => ['notifications', 'list', userId] as const;
type Pages = InfiniteData<NotificationList, unknown>;

export function useNotifications(userId: string) {
  return useInfiniteQuery({
    queryKey: notificationListKey(userId),
    queryFn: ({ pageParam }: { pageParam: string | null }) =>
      callApi(apiRoutes.listNotifications, {
        query: { userId, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The unread count: the newest page's, unless the live stream has told a newer one. */
export function unreadCountOf(data: Pages | undefined): number {
  return data?.pages[0]?.unreadCount ?? 0;
}

function updatePages(
  queryClient: QueryClient,
  userId: string,
  update: (item: Notification) => Notification,
  unreadCount: (previous: number) => number,
) {
  queryClient.setQueryData<Pages>(notificationListKey(userId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, index) => ({
            ...page,
            list: page.list.map(update),
            unreadCount: index === 0 ? Math.max(0, unreadCount(page.unreadCount)) : page.unreadCount,
          })),
        }
      : data,
  );
}

/** Marks one read: flips `isRead` locally at once (docs/original-spec.md §4), then tells the server. */
export async function markRead(queryClient: QueryClient, userId: string, item: Notification) {
  if (item.isRead) return;
  updatePages(
    queryClient,
    userId,
    (other) => (other.id === item.id ? { ...other, isRead: true } : other),
    (count) => count - 1,
  );
  await callApi(apiRoutes.readNotification, { params: { id: item.id } });
}

/** Marks every loaded unread notification read, locally and on the server. */
export async function markAllRead(queryClient: QueryClient, userId: string, items: Notification[]) {
  const unread = items.filter((item) => !item.isRead).map((item) => item.id);
  if (unread.length === 0) return;
  const ids = new Set(unread);
  updatePages(
    queryClient,
    userId,
    (item) => (ids.has(item.id) ? { ...item, isRead: true } : item),
    (count) => count - ids.size,
  );
  const result = await callApi(apiRoutes.readAllNotifications, { body: { items: unread } });
  updatePages(
    queryClient,
    userId,
    (item) => item,
    () => result.unreadCount,
  );
}

/**
 * Live updates over Server-Sent Events (the browser reconnects by itself). When the server's unread count
 * differs from the cached one, the list is refetched so new notifications appear.
 */
export function useNotificationStream(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    const source = new EventSource(NOTIFICATION_STREAM_PATH);
    source.addEventListener('unread', (event) => {
      const { unreadCount } = JSON.parse((event as MessageEvent<string>).data) as NotificationStreamEvent;
      const cached = queryClient.getQueryData<Pages>(notificationListKey(userId));
      if (!cached || unreadCountOf(cached) !== unreadCount) {
        void queryClient.invalidateQueries({ queryKey: notificationListKey(userId) });
      }
    });
    return () => source.close();
  }, [userId, queryClient]);
}
