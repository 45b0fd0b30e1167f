// The multipart body of a call with photos sent along (ADR 0015 a repair request, ADR 0051 a
// courier's hand-over): the JSON `request` part and a `photo` part for each [bytes, file name].
export function photosForm(json: unknown, photos: Array<[Uint8Array, string]>): FormData {
  const body = new FormData();
  body.set('request', JSON.stringify(json));
  for (const [bytes, name] of photos) body.append('photo', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return body;
}
