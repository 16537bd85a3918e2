import { describe, expect, it } from 'vitest';
import { fileFieldOf } from './multipart.server';

/** A body exactly as fetch's FormData encoder writes it, with its Content-Type. */
async function encoded(form: FormData): Promise<{ body: Uint8Array; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('Content-Type') ?? '' };
}

const text = (value: string) => new TextEncoder().encode(value);

describe('fileFieldOf', () => {
  it('finds the named file among other fields, byte for byte, also when it holds CRLF and dashes', async () => {
    const file = new Uint8Array([0x0e, 0x10, 0x0d, 0x0a, 0x2d, 0x2d, 0x0d, 0x0a, 0x0d, 0x0a, 0x2d, 0x2d, 0xff, 0x00]);
    const form = new FormData();
    form.append('title', 'Morning');
    form.append('other', new Blob([text('not this one')]), 'other.fit');
    form.append('file', new Blob([file]), 'ride.fit');
    form.append('after', 'x');
    const { body, contentType } = await encoded(form);
    const found = fileFieldOf(body, contentType, 'file');
    expect(found).toEqual(file);
    // A view into the body, not a copy.
    expect(found?.buffer).toBe(body.buffer);
    expect(fileFieldOf(body, contentType, 'other')).toEqual(text('not this one'));
  });

  it('reads an empty file, a quoted boundary, a preamble and header names in any case', () => {
    const body = text(
      'preamble\r\n--"b"\r\n' +
        '\r\n--b\r\nCONTENT-DISPOSITION: form-data; filename="a.fit"; name="file"\r\ncontent-type: application/octet-stream\r\n\r\nRIDE\r\n--b--\r\n',
    );
    expect(fileFieldOf(body, 'multipart/form-data; boundary="b"', 'file')).toEqual(text('RIDE'));
    const empty = text('--b\r\nContent-Disposition: form-data; name="file"; filename="e.fit"\r\n\r\n\r\n--b--');
    expect(fileFieldOf(empty, 'multipart/form-data; boundary=b', 'file')).toEqual(new Uint8Array());
  });

  it('is null for a text field of that name, a missing field, a cut body, a wrong boundary or type', async () => {
    const form = new FormData();
    form.append('file', 'just text');
    const textOnly = await encoded(form);
    expect(fileFieldOf(textOnly.body, textOnly.contentType, 'file')).toBeNull();
    expect(fileFieldOf(textOnly.body, textOnly.contentType, 'missing')).toBeNull();

    const withFile = new FormData();
    withFile.append('file', new Blob([new Uint8Array(1000).fill(7)]), 'ride.fit');
    const { body, contentType } = await encoded(withFile);
    expect(fileFieldOf(body.subarray(0, body.byteLength - 60), contentType, 'file')).toBeNull();
    expect(fileFieldOf(body.subarray(0, 40), contentType, 'file')).toBeNull();
    expect(fileFieldOf(body, 'multipart/form-data; boundary=other', 'file')).toBeNull();
    expect(fileFieldOf(body, 'multipart/form-data', 'file')).toBeNull();
    expect(fileFieldOf(body, contentType.replace('multipart/form-data', 'text/plain'), 'file')).toBeNull();
    expect(fileFieldOf(new Uint8Array(), contentType, 'file')).toBeNull();
  });
});
