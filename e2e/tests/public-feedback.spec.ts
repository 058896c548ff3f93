import { expect, test } from './fixtures.ts';
import { createAccount, readAccessToken, setLanguage, signIn } from './support/accounts.ts';

const VISIBLE = [
  'They clean our clinic every evening and our patients notice.',
  'Booked a move-out clean on short notice and got my full deposit back.',
  'Le dégraissage de la hotte et des murs a été fait après la fermeture',
];
const INVISIBLE = [
  'The carpet took much longer to dry than promised.',
  'Good work overall, but the team arrived forty minutes late without calling ahead.',
];

const TEXT = {
  en: {
    section: 'What our customers say',
    submitFeedback: 'Submit Feedback',
    stars: 'Stars (1-5)',
    feedback: 'Feedback',
    submit: 'Submit',
    success: 'Feedback submitted successfully! It will be visible once an admin publishes it.',
    starsError: 'Stars must be between 1 and 5.',
    contentError: 'Feedback content is required.',
    fiveStars: '5 out of 5 stars',
    date: /^[A-Z][a-z]+ \d{1,2}, \d{4}$/,
  },
  fr: {
    section: 'Ce que disent nos clients',
    submitFeedback: 'Donner mon avis',
    stars: 'Étoiles (1 à 5)',
    feedback: 'Commentaire',
    submit: 'Envoyer',
    success: 'Avis envoyé! Il sera visible dès qu’un administrateur l’aura publié.',
    starsError: 'Le nombre d’étoiles doit être entre 1 et 5.',
    contentError: 'Le commentaire est obligatoire.',
    fiveStars: '5 étoiles sur 5',
    date: /^\d{1,2} [a-zéû.]+ \d{4}$/,
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  test(`${language}: a visitor sees only published feedback, with stars, first name and date`, async ({
    page,
  }) => {
    await setLanguage(page, language);
    await page.goto('/');
    const section = page.getByRole('region', { name: t.section });
    for (const content of VISIBLE) await expect(section.getByText(content)).toBeVisible();
    for (const content of INVISIBLE) await expect(page.getByText(content)).toHaveCount(0);
    await expect(section.getByRole('img', { name: t.fiveStars }).first()).toBeVisible();
    await expect(section.getByText('Marcus', { exact: true })).toBeVisible();
    await expect(section.locator('time').first()).toHaveText(t.date);
    // Only signed-in users are offered the feedback form.
    await expect(page.getByRole('link', { name: t.submitFeedback })).toHaveCount(0);
  });
}

test('fr: the feedback form checks the stars and the text before sending', async ({ page }) => {
  const t = TEXT.fr;
  await setLanguage(page, 'fr');
  await page.goto('/');
  await signIn(page, await createAccount('customer'), 'fr');
  await page.getByRole('link', { name: t.submitFeedback }).click();
  await expect(page).toHaveURL(/\/submit-feedback$/);

  await page.getByLabel(t.stars).fill('7');
  await page.getByLabel(t.feedback).fill('Très bien');
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(t.starsError);

  await page.getByLabel(t.stars).fill('4');
  await page.getByLabel(t.feedback).fill('   ');
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(t.contentError);
  await expect(page).toHaveURL(/\/submit-feedback$/);
});

test('en: new feedback stays hidden until an admin publishes it, and markup shows as text', async ({
  page,
  browser,
  baseURL,
}) => {
  const t = TEXT.en;
  const marker = `e2e-${Date.now()}`;
  const content = `<script>window.__pwned = true</script><b>Bold</b> sparkling windows ${marker}`;
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });

  await page.goto('/');
  await signIn(page, await createAccount('customer'));
  await page.getByRole('link', { name: t.submitFeedback }).click();
  await page.getByLabel(t.stars).fill('5');
  await page.getByLabel(t.feedback).fill(content);
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/feedbacks') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: t.submit }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const { feedbackId } = (await response.json()) as { feedbackId: string };

  await expect(page.getByText(t.success)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: t.section }).getByText(VISIBLE[0] ?? '')).toBeVisible();
  await expect(page.getByText(marker)).toHaveCount(0);

  // Publishing belongs to the admin dashboard (a later issue): publish through the API with an admin's token.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/');
  await signIn(adminPage, await createAccount('admin'));
  const token = await readAccessToken(adminPage);
  const published = await adminPage.request.patch(`/api/v1/feedbacks/${feedbackId}/publish`, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/plain' },
    data: 'VISIBLE',
  });
  expect(published.status()).toBe(200);
  await adminContext.close();

  await page.reload();
  const section = page.getByRole('region', { name: t.section });
  await expect(section.getByText(content, { exact: true })).toBeVisible();
  await expect(section.locator('b', { hasText: 'Bold' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);
});

test('en: the page refreshes its reviews once on screen, six at a time; a failed refresh keeps what it came with', async ({
  page,
}) => {
  const reviews = Array.from({ length: 8 }, (_, index) => ({
    feedbackId: `00000000-0000-4000-8000-00000000000${index}`,
    customerId: null,
    authorName: `Author${index}`,
    stars: 1 + (index % 5),
    content: `Review number ${index}`,
    status: 'VISIBLE',
    createdAt: new Date(Date.UTC(2026, 9, 20 - index, 15)).toISOString(),
  }));
  let fail = true;
  await page.route('**/api/v1/feedbacks?status=VISIBLE', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Internal error' }),
        })
      : route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(reviews) }),
  );
  // The server's page carries the published reviews; the browser's refresh fails: they stay, no error.
  const refreshed = page.waitForResponse('**/api/v1/feedbacks?status=VISIBLE');
  await page.goto('/');
  await refreshed;
  const section = page.getByRole('region', { name: TEXT.en.section });
  await expect(section.getByRole('listitem').first()).toBeVisible();
  await expect(section.getByText('Failed to fetch feedbacks. Please try again later.')).toHaveCount(0);

  // The next visit's refresh brings the latest: six shown, then the rest.
  fail = false;
  await page.goto('/');
  await expect(section.getByText('Review number 0', { exact: true })).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(6);
  await expect(section.getByRole('img', { name: '1 out of 5 stars' }).first()).toBeVisible();
  await section.getByRole('button', { name: 'Show more (2 more)' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(8);
  await expect(section.getByRole('button', { name: /Show more/ })).toHaveCount(0);
});
