import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { READ_REPORT_DELAY_MS, type Message } from '@stoop/shared';
import { chatApi } from '../../services/api/chat-api.ts';
import { makeMessage } from '../../services/chat/message-cache.fixtures.ts';
import { clearReadReports } from '../../services/chat/read-reports.ts';
import { useReadWhileOpen } from './use-read-while-open.ts';

let markRead: MockInstance<typeof chatApi.markRead>;
let visibility: DocumentVisibilityState;

beforeEach(() => {
  clearReadReports();
  vi.useFakeTimers();
  markRead = vi.spyOn(chatApi, 'markRead').mockResolvedValue(undefined);
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  clearReadReports();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const settle = () => act(() => vi.advanceTimersByTimeAsync(READ_REPORT_DELAY_MS));

function open(messages: Message[], atNewest: boolean) {
  return renderHook(
    (props: { messages: Message[]; atNewest: boolean }) => useReadWhileOpen(props.messages, props.atNewest),
    { initialProps: { messages, atNewest } },
  );
}

describe('R-RECEIPT-6: an open conversation reads what arrives in front of the resident', () => {
  it('a message arriving live at the bottom is reported read by its place in the order of creation', async () => {
    const first = makeMessage({ createdSeq: 7 });
    const view = open([first], true);
    await settle();
    expect(markRead).toHaveBeenLastCalledWith('c1', 7, false);
    // A later change (seq 30) to an older message is no new reading; a new message is.
    const arrived = makeMessage({ seq: 31, createdSeq: 31 });
    view.rerender({ messages: [{ ...first, seq: 30 }, arrived], atNewest: true });
    await settle();
    expect(markRead).toHaveBeenLastCalledWith('c1', 31, false);
    expect(markRead).toHaveBeenCalledTimes(2);
  });

  it('scrolled up, nothing is read until the resident is back at the bottom', async () => {
    const view = open([makeMessage({ createdSeq: 3 })], false);
    const arrived = makeMessage({ createdSeq: 4 });
    view.rerender({ messages: [makeMessage({ createdSeq: 3 }), arrived], atNewest: false });
    await settle();
    expect(markRead).not.toHaveBeenCalled();
    view.rerender({ messages: [makeMessage({ createdSeq: 3 }), arrived], atNewest: true });
    await settle();
    expect(markRead).toHaveBeenCalledWith('c1', 4, false);
  });

  it('a hidden window reads nothing until it is shown again', async () => {
    visibility = 'hidden';
    open([makeMessage({ createdSeq: 9 })], true);
    await settle();
    expect(markRead).not.toHaveBeenCalled();
    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(markRead).toHaveBeenCalledWith('c1', 9, false);
  });

  it('a message still on its way (no place in the order yet) and thread replies are not reported', async () => {
    open(
      [makeMessage({ createdSeq: undefined }), makeMessage({ parentMessageId: 'p', createdSeq: 5 })],
      true,
    );
    await settle();
    expect(markRead).not.toHaveBeenCalled();
  });
});
