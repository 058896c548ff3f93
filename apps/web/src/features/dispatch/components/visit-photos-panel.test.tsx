import {
  visitFieldReportSchema,
  visitPhotoInputSchema,
  visitPhotoSchema,
  visitProblemSchema,
  VISIT_PHOTO_MAX_BYTES,
  type DispatchVisit,
} from '@eclat/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, fail, ok, type ApiAnswer, type ApiRequest } from '@/testing/api-answers';
import { DISPATCH_VISIT_ID, dispatchVisit } from '@/testing/dispatch-visit';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { VisitPhotosPanel } from './visit-photos-panel';

const cleaner = signedIn('emile@example.com', ['employee']);
const ID = DISPATCH_VISIT_ID;
const PHOTO_ID = '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';

const visit: DispatchVisit = dispatchVisit();

const photo = (kind: 'before' | 'problem') =>
  visitPhotoSchema.parse({
    photoId: PHOTO_ID,
    kind,
    problemId: null,
    width: 64,
    height: 48,
    url: `/api/v1/appointments/${ID}/photos/${PHOTO_ID}`,
    byFirstName: 'Émile',
    createdAt: '2030-04-02T13:10:00.000Z',
  });

/** The answer to a photo sent, set by each test; the report is empty; the requests sent. */
let upload: ApiAnswer;
let sent: ApiRequest[] = [];

const jpeg = (size = 4) =>
  new File([new Uint8Array(size).fill(0xff)], 'IMG_0001.jpg', { type: 'image/jpeg' });

function renderPanel() {
  return renderScreen(<VisitPhotosPanel visit={visit} />, { path: '/my-day', session: cleaner });
}

/** The camera inputs behind the buttons, in order: before, after. */
function fileInput(index: number): HTMLInputElement {
  const input = document.querySelectorAll<HTMLInputElement>('input[type="file"]')[index];
  if (!input) throw new Error(`No file input ${String(index)}`);
  return input;
}

describe('photos and problem reports on My Day', () => {
  beforeEach(async () => {
    upload = { status: 201, body: photo('before') };
    sent = answerApi((request) => {
      if (request.method === 'GET' && request.path === `/appointments/${ID}/photos`)
        return ok(visitFieldReportSchema, { appointmentId: ID, photos: [], problems: [] });
      if (request.method === 'POST' && request.path === `/appointments/${ID}/photos`) return upload;
      if (request.method === 'POST' && request.path === `/appointments/${ID}/problems`)
        return ok(visitProblemSchema, {
          problemId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
          kind: 'noSupplies',
          note: 'No more floor soap',
          byFirstName: 'Émile',
          byOffice: false,
          createdAt: '2030-04-02T13:20:00.000Z',
          photos: [],
        });
      if (request.method === 'GET' && request.path.startsWith(`/appointments/${ID}/photos/`))
        return { status: 200, body: {} };
      return undefined;
    });
    await initI18n('en');
  });

  it('takes a photo from the camera: a labelled button, a preview and a busy button while it is sent', async () => {
    upload = 'pending';
    renderPanel();
    const button = await screen.findByRole('button', { name: 'Add a before photo (0 of 10)' });
    const before = fileInput(0);
    expect(before.accept).toBe('image/*');
    expect(before.getAttribute('capture')).toBe('environment');
    await userEvent.upload(before, jpeg());
    await screen.findByText('Sending the photo…');
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByRole('img', { name: 'The photo being sent' })).toBeTruthy();
    await waitFor(() => {
      expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
    });
    const post = sent.find((request) => request.method === 'POST');
    // The body the API takes (the key's form included).
    const body = visitPhotoInputSchema.parse(post?.body);
    expect(body.kind).toBe('before');
    expect(body.image.startsWith('data:image/jpeg;base64,')).toBe(true);
  });

  it('says why a photo is refused, in words, and sends the same key again', async () => {
    upload = fail(409, 'TOO_MANY_PHOTOS', [{ path: 'body.kind', message: 'visitPhotos.errors.tooMany' }]);
    renderPanel();
    await screen.findByRole('button', { name: 'Add an after photo (0 of 10)' });
    await userEvent.upload(fileInput(1), jpeg());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This visit already has 10 photos of this kind.');
    upload = { status: 201, body: photo('before') };
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await screen.findByText('Photo sent.');
    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(2);
    const [first, again] = posts.map((request) => visitPhotoInputSchema.parse(request.body));
    expect(again?.key).toBe(first?.key);
  });

  it('refuses a photo over 10 MB on the phone, without sending it', async () => {
    renderPanel();
    await screen.findByRole('button', { name: 'Add a before photo (0 of 10)' });
    fireEvent.change(fileInput(0), {
      target: { files: [jpeg(VISIT_PHOTO_MAX_BYTES + 1)] },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('This photo is larger than 10 MB.');
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('reports a problem with what it is about and a note; the office is told', async () => {
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem to the office' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'No supplies' }));
    await userEvent.click(within(dialog).getByRole('textbox', { name: /What happened\?/ }));
    await userEvent.paste('No more floor soap');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to the office' }));
    await screen.findByText('The office was told about the problem.');
    const report = sent.find((request) => request.path === `/appointments/${ID}/problems`);
    expect(report?.body).toMatchObject({ kind: 'noSupplies', note: 'No more floor soap', photoIds: [] });
  });
});
