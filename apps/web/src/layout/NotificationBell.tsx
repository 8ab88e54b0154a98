import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Indicator, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { allows, notificationMessage, type AppNotification } from '@app/domain';
import { afterNotified, api, queryKeys, unwrap, type SessionUser } from '../api';
import { useFormat, useT } from '../i18n';

/**
 * How often the bell asks for news: the screens' polling, so any server of a cluster answers
 * from the database (docs/decisions/108-notifications.md). Paused while the tab is hidden.
 */
const POLL_MS = 20_000;

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6Zm-2 15a2 2 0 0 0 4 0"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Item({ n }: { n: AppNotification }) {
  const t = useT();
  const f = useFormat();
  const { key, values } = notificationMessage(n);
  const when = f.dateTime(n.createdAt);
  return (
    <li>
      <Text fz="sm" fw={n.read ? 400 : 700}>
        {t(key, values)}
      </Text>
      <Text fz="xs" c="dimmed">
        {n.read ? when : t('notifications.whenNew', { when })}
      </Text>
    </li>
  );
}

/**
 * The header's bell for whoever has notifications (`notifications:read`, students): the unread
 * count, and the latest ones on opening, which marks them read. News refreshes the balance, the
 * activity, the orders and the goal on screen. The list opens only on a click of the bell and
 * closes on a click anywhere else, on Escape and on leaving the page, so it never stays over a
 * page's filters (issue 32); it is at most half the screen high and scrolls.
 */
export function NotificationBell({ user }: { user: SessionUser }) {
  const t = useT();
  const enabled = allows(user, 'notifications:read');
  const queryClient = useQueryClient();
  // Open on the page it was opened on: another page (a link, the browser's Back) finds it closed.
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const opened = openedOn === pathname;
  const setOpened = (open: boolean) => setOpenedOn(open ? pathname : null);
  const q = useQuery({
    queryKey: queryKeys.notifications,
    queryFn: () => unwrap(api.notifications.list()),
    enabled,
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
  const newest = q.data?.notifications[0]?._id ?? null;
  const lastNewest = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!q.data) return;
    // The first answer is what there was; a newer id later is news.
    if (lastNewest.current !== undefined && newest !== lastNewest.current)
      void afterNotified(queryClient);
    lastNewest.current = newest;
  }, [q.data, newest, queryClient]);
  const read = useMutation({
    mutationFn: (upTo: string) => unwrap(api.notifications.read({ body: { upTo } })),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.notifications, data),
  });
  if (!enabled) return null;
  const unread = q.data?.unread ?? 0;
  const list = q.data?.notifications ?? [];
  const toggle = () => {
    const open = !opened;
    setOpened(open);
    if (open && unread > 0 && newest) read.mutate(newest);
  };
  return (
    // The count sits on the button; the popover gives the button itself aria-expanded and aria-controls.
    <Indicator
      label={unread > 99 ? t('notifications.overflow') : unread}
      size={18}
      // Red 9: white digits on it pass AA (the default red does not).
      color="red.9"
      disabled={unread === 0}
      offset={4}
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width="min(320px, calc(100vw - 2rem))"
        shadow="md"
        closeOnClickOutside
        closeOnEscape
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={toggle}
            aria-label={t('notifications.bellLabel', { count: unread })}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-labelledby="notifications-title">
          <Stack gap="xs">
            <Title order={2} fz="md" id="notifications-title">
              {t('notifications.title')}
            </Title>
            {list.length === 0 ? (
              <Text fz="sm" c="dimmed">
                {t('notifications.empty')}
              </Text>
            ) : (
              <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
                <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
                  {list.map((n) => (
                    <Item key={n._id} n={n} />
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
