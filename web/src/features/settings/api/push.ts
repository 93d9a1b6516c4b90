/** Web Push: the server's key, this account's subscribed devices and which pushes to get. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type PushKind = 'workout' | 'comment' | 'message' | 'reminder';
export type PushPreferences = Record<PushKind, boolean> & { reminderTime: string };
export type PushSubscriptionRow = { id: string; endpoint: string; userAgent: string | null; createdAt: string };

export const pushPreferencesKey = ['settings', 'push', 'preferences'] as const;
export const pushSubscriptionsKey = ['settings', 'push', 'subscriptions'] as const;

export function usePushPreferences() {
  return useQuery({
    queryKey: pushPreferencesKey,
    queryFn: () => api.get<{ preferences: PushPreferences; timeZone: string }>('/api/push/preferences'),
  });
}

export function useSavePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<PushPreferences>) => api.put<{ preferences: PushPreferences; timeZone: string }>('/api/push/preferences', change),
    // The card shows the choice at once from its own draft; here a read still on its way
    // (the page's load, a realtime catch-up) is dropped, or its older answer could land
    // after the saved one and put the old choice back. A refusal rereads the server's.
    onMutate: () => queryClient.cancelQueries({ queryKey: pushPreferencesKey }),
    onSuccess: (saved) => queryClient.setQueryData(pushPreferencesKey, saved),
    onError: () => queryClient.invalidateQueries({ queryKey: pushPreferencesKey }),
  });
}

export function usePushSubscriptions() {
  return useQuery({
    queryKey: pushSubscriptionsKey,
    queryFn: async () => (await api.get<{ subscriptions: PushSubscriptionRow[] }>('/api/push/subscriptions')).subscriptions,
  });
}

/** The browser's push subscription for this device, or null (no service worker, no push support, not subscribed). */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks for permission, subscribes through the service worker and tells the server. */
export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!pushSupported()) throw new Error('This browser cannot show notifications from Spotter.');
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') throw new Error('Notifications are blocked for Spotter in this browser. Allow them in the browser’s site settings, then try again.');
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration) throw new Error('The app is still installing. Reload the page and try again.');
      const { publicKey } = await api.get<{ publicKey: string }>('/api/push/public-key');
      const subscription =
        (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      await api.post('/api/push/subscriptions', subscription.toJSON());
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushSubscriptionsKey }),
  });
}

/** Unsubscribes this device, in the browser and on the server. */
export function useTurnOffPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rows: PushSubscriptionRow[]) => {
      const subscription = await deviceSubscription();
      if (!subscription) return;
      const row = rows.find((r) => r.endpoint === subscription.endpoint);
      if (row) await api.delete(`/api/push/subscriptions/${encodeURIComponent(row.id)}`);
      await subscription.unsubscribe();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushSubscriptionsKey }),
  });
}
