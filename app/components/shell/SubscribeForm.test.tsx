import { describe, expect, it } from 'vitest';
import { renderInRemix } from '../../../tests/helpers/render-in-remix';
import { FirstStateSubscribeForm, LiveSubscribeForm } from './SubscribeForm';

describe('the footer subscribe form', () => {
  it('is written by the server exactly as the browser renders it before anything happened', async () => {
    const url = 'http://paceline.test/events?page=2';
    const served = await renderInRemix(() => <FirstStateSubscribeForm redirectTo="/events?page=2" />, url);
    const live = await renderInRemix(() => <LiveSubscribeForm redirectTo="/events?page=2" />, url);
    expect(served).toContain('<form method="post" action="/subscribe" class="subscribe-form" id="footer-subscribe" novalidate="">');
    expect(served).toContain('value="/events?page=2"');
    expect(served).toBe(live);
  });
});
