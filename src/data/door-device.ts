/**
 * This door device (issue 16): a random id made once and kept in localStorage, and the name staff
 * give it ('Door phone 2'). Every check-in row carries both, so the roster and the report can say on
 * which phone a guest was checked in.
 */
import { useSyncExternalStore } from 'react';

const DEVICE_KEY = 'cdo-door-device';
/** The longest device label the table takes. */
export const DEVICE_LABEL_MAX = 100;

interface DeviceRecord {
  id: string;
  label: string;
}

const deviceListeners = new Set<() => void>();
let device: DeviceRecord | null = null;

function readDevice(): DeviceRecord {
  if (device) return device;
  let stored: Partial<DeviceRecord> | null;
  try {
    stored = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null') as Partial<DeviceRecord> | null;
  } catch {
    stored = null;
  }
  const id = typeof stored?.id === 'string' && stored.id.trim() !== '' ? stored.id : crypto.randomUUID();
  const label = typeof stored?.label === 'string' ? stored.label.slice(0, DEVICE_LABEL_MAX) : '';
  device = { id, label };
  if (stored?.id !== id) localStorage.setItem(DEVICE_KEY, JSON.stringify(device));
  return device;
}

/**
 * What a device is called on screen and in the report: the name staff gave it, else 'Device' and
 * the start of its id ('Device 2299'), which tells phones apart without a wall of hex.
 */
export function deviceName(id: string, label: string | null | undefined): string {
  return (
    label?.trim() ||
    `Device ${id
      .replace(/[^0-9a-z]/gi, '')
      .slice(0, 4)
      .toUpperCase()}`
  );
}

/** This device's id: made once, kept in localStorage. */
export function deviceId(): string {
  return readDevice().id;
}

/** The name staff gave this device, '' when none. */
export function deviceLabel(): string {
  return readDevice().label;
}

/** Names this device (trimmed, at most 100 characters); later check-ins carry it. */
export function setDeviceLabel(label: string): void {
  device = { id: deviceId(), label: label.trim().slice(0, DEVICE_LABEL_MAX) };
  localStorage.setItem(DEVICE_KEY, JSON.stringify(device));
  deviceListeners.forEach((notify) => notify());
}

function subscribeDevice(listener: () => void): () => void {
  deviceListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== DEVICE_KEY) return;
    device = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    deviceListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** This device's id and label, live (another tab may rename it). */
export function useDevice(): DeviceRecord {
  return useSyncExternalStore(subscribeDevice, readDevice, readDevice);
}
