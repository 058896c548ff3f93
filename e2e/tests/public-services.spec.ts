import { deflateSync } from 'node:zlib';

import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, PASSWORD, setLanguage, signIn } from './support/accounts.ts';

// In order, in one worker: one test adds a service and deletes it, others count every card of the
// catalogue and its pictures; side by side, a card came and went between the count and the look.
test.describe.configure({ mode: 'default' });

/** A valid 2x2 teal PNG, built here so the test needs no fixture file. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = [0, 0x0f, 0x5e, 0x63, 0x0f, 0x5e, 0x63];
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([...row, ...row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SEARCH = {
  en: {
    label: 'Search services by title',
    submit: 'Search',
    empty: 'Please enter a service title to search.',
    none: 'No services found for the given title.',
  },
  fr: {
    label: 'Rechercher un service par titre',
    submit: 'Rechercher',
    empty: 'Veuillez entrer un titre de service à rechercher.',
    none: 'Aucun service ne correspond à ce titre.',
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  test(`${language}: searching by title, with the empty and no-match messages, and clearing reloads all`, async ({
    page,
  }) => {
    const t = SEARCH[language];
    await setLanguage(page, language);
    await page.goto('/services');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    const total = await cards.count();
    expect(total).toBeGreaterThan(5);

    await page.getByRole('button', { name: t.submit, exact: true }).click();
    await expect(page.getByText(t.empty)).toBeVisible();
    await expect(cards).toHaveCount(total);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const box = page.getByRole('textbox', { name: t.label });
    await box.fill('zzz no such service');
    await box.press('Enter');
    await expect(page.getByText(t.none)).toBeVisible();
    await expect(cards).toHaveCount(0);

    await box.fill('window');
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole('heading', { name: 'Window Washing' })).toBeVisible();

    await box.fill('');
    await expect(cards).toHaveCount(total);
  });
}

test('en: a visitor who picks a service signs in and finds the selection kept, then continues', async ({
  page,
}) => {
  const email = await createAccount('customer');
  await page.goto('/services');
  // Choosing while signed out leaves for the sign-in page at once (click: check() would wait for the box).
  await page.getByRole('checkbox', { name: 'Select Deep Cleaning' }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('checkbox', { name: 'Select Deep Cleaning' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Select Window Washing' }).check();
  await expect(page.getByText('2 services selected')).toBeVisible();

  await page.reload();
  await expect(page.getByText('2 services selected')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/calendar-select$/);
  const stored = await page.evaluate(() => sessionStorage.getItem('eclat.services.selection'));
  expect(JSON.parse(stored ?? '[]')).toHaveLength(2);
});

test('en: the service form checks its fields before sending', async ({ page }) => {
  await page.goto('/');
  await signIn(page, await createAccount('admin'));
  await page.goto('/add-service');
  await page.getByRole('button', { name: 'Create Service' }).click();
  await expect(page.getByText('All fields must be filled to submit the form.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Test');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Test');
  await page.getByRole('textbox', { name: 'Category', exact: true }).fill('Test');
  await page.getByRole('textbox', { name: 'Pricing', exact: true }).fill('0');
  await page.getByRole('textbox', { name: 'Duration (Minutes)', exact: true }).fill('abc0');
  await expect(page.getByRole('textbox', { name: 'Duration (Minutes)', exact: true })).toHaveValue('0');
  await page.getByRole('button', { name: 'Create Service' }).click();
  await expect(page.getByText('Price must be a positive number.')).toBeVisible();
  await expect(page.getByText('Duration must be a positive number.')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The server's field errors (translation keys) show next to their fields.
  await page.route('**/api/v1/services', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 'VALIDATION_ERROR',
            message: 'The request is not valid.',
            details: [{ path: 'body.category', message: 'validation.tooLong' }],
          }),
        })
      : route.continue(),
  );
  await page.getByRole('textbox', { name: 'Pricing', exact: true }).fill('50');
  await page.getByRole('textbox', { name: 'Duration (Minutes)', exact: true }).fill('30');
  await page.getByRole('button', { name: 'Create Service' }).click();
  await expect(page.getByText('Failed to create service. Please try again.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Category', exact: true })).toHaveAccessibleDescription(
    /This text is too long\./,
  );

  await page.locator('input[type="file"]').setInputFiles({
    name: 'animation.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(page.getByText('Only JPEG or PNG files are allowed.')).toBeVisible();
});

test('an admin creates a service with a picture, edits it, sees its price per language and deletes it', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `E2E Sparkle ${Date.now()}`;
  await page.goto('/');
  await signIn(page, await createAccount('admin'));
  await page.goto('/services');
  await page.getByRole('link', { name: 'Add Service' }).click();
  await expect(page).toHaveURL(/\/add-service$/);

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Every window, inside and out.');
  await page.getByRole('textbox', { name: 'Pricing', exact: true }).fill('75');
  await page.getByRole('textbox', { name: 'Category', exact: true }).fill('Residential');
  await page.getByRole('textbox', { name: 'Duration (Minutes)', exact: true }).fill('45');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'sparkle.png',
    mimeType: 'image/png',
    buffer: tinyPng(),
  });
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove the image' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create Service' }).click();
  await expect(page.getByText('Service created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/services$/);

  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('$75.00')).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /\/api\/v1\/services\/.+\/image/);

  await card.getByRole('link', { name: `Edit Service: ${title}` }).click();
  await expect(page).toHaveURL(/\/edit-service\//);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
  await page.getByRole('textbox', { name: 'Pricing', exact: true }).fill('80');
  await page.getByRole('switch', { name: 'Available' }).uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Service updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/services$/);
  await expect(card.getByText('$80.00')).toBeVisible();
  await expect(card.getByText('Unavailable')).toBeVisible();

  await page.locator('label[for="language-fr"]').click();
  await expect(card.getByText(/^80,00\s\$$/)).toBeVisible();
  await expect(card.getByText('Non disponible')).toBeVisible();

  // The public does not see an unavailable service.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/services');
  await expect(visitor.getByRole('article').first()).toBeVisible();
  await expect(visitor.getByRole('article', { name: title })).toHaveCount(0);
  await visitorContext.close();

  await card.getByRole('button', { name: `Supprimer le service : ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Service supprimé.')).toBeVisible();
  await expect(card).toHaveCount(0);
});

const AMOUNTS = {
  en: {
    pricing: 'Pricing',
    duration: 'Duration (Minutes)',
    pricePositive: 'Price must be a positive number.',
    durationPositive: 'Duration must be a positive number.',
    submit: 'Submit',
    updated: 'Service updated successfully!',
  },
  fr: {
    pricing: 'Prix',
    duration: 'Durée (minutes)',
    pricePositive: 'Le prix doit être un nombre positif.',
    durationPositive: 'La durée doit être un nombre positif.',
    submit: 'Enregistrer',
    updated: 'Service mis à jour!',
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  test(`${language}: Edit Service says a price or duration below 1 is refused as it is typed`, async ({
    page,
  }) => {
    const t = AMOUNTS[language];
    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, await createAccount('admin'), language);
    const services = (await (await page.request.get('/api/v1/services')).json()) as { serviceId: string }[];
    await page.goto(`/edit-service/${services[0]?.serviceId ?? ''}`);
    const pricing = page.getByRole('textbox', { name: t.pricing, exact: true });
    const duration = page.getByRole('textbox', { name: t.duration, exact: true });
    await expect(pricing).not.toHaveValue('');

    // Typed, not submitted: the message shows at once, next to its field, and goes when the value is fine.
    await pricing.fill('0');
    await expect(pricing).toHaveAccessibleDescription(new RegExp(t.pricePositive.replace('.', '\\.')));
    await duration.fill('0');
    await expect(duration).toHaveAccessibleDescription(new RegExp(t.durationPositive.replace('.', '\\.')));
    await expect(page.getByText(t.pricePositive)).toBeVisible();
    await expect(page.getByText(t.durationPositive)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Submitting with the errors showing saves nothing: the messages stay, no save request, no success,
    // still on the form (a save would go back to /services).
    const editUrl = page.url();
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/v1/services/'))
        saves.push(request.url());
    });
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    await expect(page.getByText(t.pricePositive)).toBeVisible();
    await expect(page.getByText(t.durationPositive)).toBeVisible();
    await pricing.pressSequentially('5');
    await expect(page.getByText(t.pricePositive)).toHaveCount(0);
    await duration.fill('45');
    await expect(page.getByText(t.durationPositive)).toHaveCount(0);
    // Checked once the typing above has given a refused save time to show.
    expect(saves).toEqual([]);
    await expect(page.getByText(t.updated)).toHaveCount(0);
    await expect(page).toHaveURL(editUrl);
  });
}

/** The width asked for in a picture copy's address (`...&w=800&f=avif`). */
const widthIn = (url: string) => Number(/[?&]w=(\d+)/.exec(url)?.[1]);

for (const deviceScaleFactor of [1, 3]) {
  test(`at 390 px wide (${deviceScaleFactor}x) the cards load AVIF copies with their size set, lazily, 150 KB at most in all`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor,
    });
    const page = await context.newPage();
    const images: { url: string; type: string; bytes: number }[] = [];
    const reading: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'image') return;
      reading.push(
        response.body().then((body) => {
          images.push({
            url: response.url(),
            type: response.headers()['content-type'] ?? '',
            bytes: body.length,
          });
        }),
      );
    });
    const pictures = () => images.filter((image) => image.url.includes('/api/v1/services/'));

    await page.goto('/services');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(5);
    await page.waitForLoadState('networkidle');
    await Promise.all(reading);
    // Below the fold, pictures wait: not every card's is fetched before the page is scrolled.
    expect(pictures().length).toBeGreaterThan(0);
    expect(pictures().length).toBeLessThan(count);

    for (let index = 0; index < count; index += 1) {
      const card = cards.nth(index);
      await card.scrollIntoViewIfNeeded();
      const img = card.locator('picture > img');
      await expect
        .poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
        .toBe(true);
      // Its size is known before it loads (no layout shift), and the browser took an AVIF copy.
      await expect(img).toHaveAttribute('width', /^\d+$/);
      await expect(img).toHaveAttribute('height', /^\d+$/);
      expect(await img.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/[?&]f=avif$/);
      // The first card is seen at once and asked for first; the others wait until scrolled near.
      if (index === 0) {
        await expect(img).toHaveAttribute('fetchpriority', 'high');
        await expect(img).toHaveAttribute('loading', 'eager');
      } else {
        await expect(img).toHaveAttribute('loading', 'lazy');
        await expect(img).toHaveAttribute('decoding', 'async');
      }
    }
    await page.waitForLoadState('networkidle');
    await Promise.all(reading);

    expect(pictures()).toHaveLength(count);
    expect(pictures().every((image) => image.type === 'image/avif')).toBe(true);
    // A copy as wide as the screen's pixels need (a 358 px wide card), not wider.
    const wanted = deviceScaleFactor === 1 ? 400 : 960;
    expect(pictures().map((image) => widthIn(image.url))).toEqual(
      Array.from({ length: count }, () => wanted),
    );
    const total = images.reduce((sum, image) => sum + image.bytes, 0);
    test
      .info()
      .annotations.push({ type: 'image bytes', description: `${total} bytes in ${images.length} images` });
    expect(total).toBeLessThanOrEqual(150_000);
    await context.close();
  });
}

test('the card pictures are sized as the grid draws them: one, two and three columns', async ({
  browser,
  baseURL,
}) => {
  for (const width of [390, 768, 1280]) {
    // At twice the pixels, a copy too narrow or too wide for the slot is easy to tell (400, 800 or 960).
    const context = await browser.newContext({
      baseURL,
      viewport: { width, height: 900 },
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.goto('/services');
    const img = page.getByRole('main').getByRole('article').first().locator('picture > img');
    await expect
      .poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
    const { drawn, chosen, offered } = await img.evaluate((element: HTMLImageElement) => {
      const source = element.parentElement?.querySelector('source[type="image/avif"]');
      return {
        drawn: element.getBoundingClientRect().width,
        chosen: element.currentSrc,
        offered: (source?.getAttribute('srcset') ?? '').split(',').map((candidate) => candidate.trim()),
      };
    });
    const widths = offered.map((candidate) => Number(/ (\d+)w$/.exec(candidate)?.[1])).sort((a, b) => a - b);
    const needed = drawn * 2;
    const best = widths.find((candidate) => candidate >= needed) ?? widths.at(-1);
    expect(widthIn(chosen), `${width} px: a card ${drawn} px wide`).toBe(best);
    await context.close();
  }
  // The default picture's copies (a service without a picture) are served with their types.
  for (const format of ['avif', 'webp']) {
    const copy = await browser.newContext({ baseURL }).then(async (context) => {
      const response = await context.request.get(`/images/service-default-400.${format}`);
      const type = response.headers()['content-type'];
      await context.close();
      return { status: response.status(), type };
    });
    expect(copy).toEqual({ status: 200, type: `image/${format}` });
  }
});
