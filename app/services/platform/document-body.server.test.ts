import { describe, expect, it } from 'vitest';
import { documentBodyOf, documentResponse } from './document-body.server';

describe('documentResponse', () => {
  const html = () => Buffer.from('<!DOCTYPE html><p>page</p>');

  it('keeps the bytes beside a response whose own body still reads the same', async () => {
    const response = documentResponse(html(), { status: 200, headers: { 'Content-Type': 'text/html' } });
    expect(documentBodyOf(response)?.toString()).toBe('<!DOCTYPE html><p>page</p>');
    expect(await response.clone().text()).toBe('<!DOCTYPE html><p>page</p>');
    // As the response cache reads it.
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('<!DOCTYPE html><p>page</p>');
    expect(documentBodyOf(response)).toBeUndefined();
  });

  it('has nothing for a response made elsewhere or one whose body was read', async () => {
    expect(documentBodyOf(new Response('other'))).toBeUndefined();
    const read = documentResponse(html(), { status: 200 });
    await read.text();
    expect(documentBodyOf(read)).toBeUndefined();
  });
});
