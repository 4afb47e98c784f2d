import { describe, expect, it } from 'vitest';
import { NO_RECEIVER } from '@archway/contract';
import { downloadedBy, otherPartyName } from './party.ts';

const row = ({
  isSend,
  receviceId = '5f0c1a34-0000-4000-8000-000000000001',
}: {
  isSend: boolean;
  receviceId?: string;
}) => ({
  isSend,
  sendName: 'Demo Clinic',
  receviceName: 'Demo Lab',
  receviceId,
});

describe('the other party on a case card', () => {
  it('a received case shows its sender', () => {
    expect(otherPartyName(row({ isSend: false }))).toBe('Demo Clinic');
  });
  it('a sent case shows its receiver', () => {
    expect(otherPartyName(row({ isSend: true }))).toBe('Demo Lab');
  });
  it('an all-zero receviceId (sent to nobody in particular) shows the sender', () => {
    expect(otherPartyName(row({ isSend: true, receviceId: NO_RECEIVER }))).toBe('Demo Clinic');
    expect(otherPartyName(row({ isSend: false, receviceId: NO_RECEIVER }))).toBe('Demo Clinic');
  });
});

describe('downloaded by the caller', () => {
  it('reads the caller organization’s entry only', () => {
    const status = { downloadStatus: { a: true, b: false } };
    expect(downloadedBy(status, 'a')).toBe(true);
    expect(downloadedBy(status, 'b')).toBe(false);
    expect(downloadedBy(status, 'c')).toBe(false);
    expect(downloadedBy(status, null)).toBe(false);
  });
});
