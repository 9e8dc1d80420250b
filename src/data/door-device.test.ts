import { describe, expect, it } from 'vitest';
import { deviceName } from './door-device.ts';

describe('the door device', () => {
  it('calls a device by the name staff gave it, else by the start of its id', () => {
    expect(deviceName('22990cf7-9cde-4528-914a-6fc84a6d859f', 'Front desk')).toBe('Front desk');
    expect(deviceName('22990cf7-9cde-4528-914a-6fc84a6d859f', '  ')).toBe('Device 2299');
    expect(deviceName('6dc58022-aaaa-4bbb-8ccc-dddddddddddd', null)).toBe('Device 6DC5');
  });
});
