/**
 * How the end of a rest reaches an athlete who put the phone down: a notification
 * where they allowed one (through the service worker, which phones require), a
 * vibration, and two short beeps.
 */
let audio: AudioContext | null = null;

/** Called from a tap (a saved set): browsers only let sound start after one. */
export function primeSound(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = null; // no Web Audio: the other signals remain
  }
}

function beep(at: number): void {
  if (!audio) return;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = 880;
  gain.gain.setValueAtTime(0.2, at);
  gain.gain.exponentialRampToValueAtTime(0.001, at + 0.2);
  osc.connect(gain).connect(audio.destination);
  osc.start(at);
  osc.stop(at + 0.2);
}

export const notificationsAllowed = () => typeof Notification !== 'undefined' && Notification.permission === 'granted';
export const mayAskForNotifications = () => typeof Notification !== 'undefined' && Notification.permission === 'default';

export async function askForNotifications(): Promise<boolean> {
  if (!mayAskForNotifications()) return notificationsAllowed();
  return (await Notification.requestPermission()) === 'granted';
}

export function signalRestOver(): void {
  navigator.vibrate?.([200, 100, 200]);
  if (audio) {
    beep(audio.currentTime);
    beep(audio.currentTime + 0.3);
  }
  if (!notificationsAllowed()) return;
  const title = 'Rest over';
  const options: NotificationOptions = { body: 'Time for your next set.', tag: 'spotter-rest' };
  const viaWorker = navigator.serviceWorker?.getRegistration().then((r) => (r ? r.showNotification(title, options) : Promise.reject(new Error('no worker'))));
  void (viaWorker ?? Promise.reject(new Error('no worker'))).catch(() => {
    try {
      new Notification(title, options);
    } catch {
      // Some phones allow notifications only through a service worker: the vibration and sound remain.
    }
  });
}
