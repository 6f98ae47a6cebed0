/** Poll calls through the typed route table client; types only from @stoop/shared. */
import type { CreatePollBody, PollView } from '@stoop/shared';
import { callApi } from '../http/client.ts';

export async function createPoll(
  conversationId: string,
  body: Pick<CreatePollBody, 'question' | 'options' | 'multiple' | 'anonymous'>,
): Promise<PollView> {
  return (await callApi('createPoll', { params: { id: conversationId }, body })).poll;
}

export async function fetchPoll(id: string): Promise<PollView> {
  return (await callApi('getPoll', { params: { id } })).poll;
}

export async function closePoll(id: string): Promise<PollView> {
  return (await callApi('closePoll', { params: { id } })).poll;
}

export async function votePoll(id: string, optionIds: string[]): Promise<PollView> {
  return (await callApi('votePoll', { params: { id }, body: { optionIds } })).poll;
}
