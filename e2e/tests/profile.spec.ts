import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, setLanguage, signIn } from './support/accounts.ts';

/** Spec §2, §4: the profile question for an account without a customer record, and both answers. */

const TEXT = {
  en: {
    question: 'Would you like to set up a Customer Profile?',
    yes: 'Yes',
    no: 'No',
    createTitle: 'Set up your customer profile',
    firstName: 'First Name',
    save: 'Save',
    cancel: 'Cancel',
    optedOut: 'You chose not to set up a customer profile for now.',
    createAnyway: 'Create Profile Anyway',
  },
  fr: {
    question: 'Voulez-vous créer un profil client?',
    yes: 'Oui',
    no: 'Non',
    createTitle: 'Créez votre profil client',
    firstName: 'Prénom',
    save: 'Enregistrer',
    cancel: 'Annuler',
    optedOut: 'Vous avez choisi de ne pas créer de profil client pour l’instant.',
    createAnyway: 'Créer un profil quand même',
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  test(`${language}: Yes opens the profile form with Save and Cancel; Cancel goes back to the question`, async ({
    page,
  }) => {
    const t = TEXT[language];
    await setLanguage(page, language);
    await page.goto('/');
    await signIn(page, await createAccount('customer'), language);
    await page.goto('/profile');
    const main = page.getByRole('main');

    await main.getByRole('button', { name: t.yes, exact: true }).click();
    await expect(main.getByRole('heading', { name: t.createTitle })).toBeVisible();
    await main.getByRole('textbox', { name: t.firstName, exact: true }).fill('Camille');
    await expect(main.getByRole('button', { name: t.save, exact: true })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await main.getByRole('button', { name: t.cancel, exact: true }).click();
    await expect(main.getByRole('heading', { name: t.question })).toBeVisible();
    await expect(main.getByRole('textbox', { name: t.firstName, exact: true })).toHaveCount(0);

    // No, then Create Profile Anyway: the same form, and Cancel still leads back to the question.
    await main.getByRole('button', { name: t.no, exact: true }).click();
    await expect(main.getByText(t.optedOut)).toBeVisible();
    await main.getByRole('button', { name: t.createAnyway }).click();
    await expect(main.getByRole('textbox', { name: t.firstName, exact: true })).toHaveValue('');
    await main.getByRole('button', { name: t.cancel, exact: true }).click();
    await expect(main.getByRole('heading', { name: t.question })).toBeVisible();
  });
}
