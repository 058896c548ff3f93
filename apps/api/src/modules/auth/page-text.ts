import type { Locale } from '@eclat/shared';

/** A wait in whole minutes from one minute on, else in seconds: "5 minutes", "1 minute", "8 seconds". */
function waitIn(seconds: number, unit: { minute: string; second: string }): string {
  const [count, word] = seconds >= 60 ? [Math.ceil(seconds / 60), unit.minute] : [seconds, unit.second];
  return `${count} ${word}${count > 1 ? 's' : ''}`;
}

/** Every text of the account pages (the embedded provider's screens), in English and French. */
export const PAGE_TEXT = {
  en: {
    languageName: 'English',
    otherLanguage: 'Français',
    signInTitle: 'Sign in',
    signInIntro: (brand: string) => `Welcome back to ${brand}.`,
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    forgot: 'Forgot your password?',
    noAccount: 'New here?',
    createAccountLink: 'Create an account',
    cancel: 'Back to the site',
    badCredentials: 'The email or password is incorrect.',
    throttled: 'Too many attempts. Please wait a few minutes and try again.',
    throttledFor: (seconds: number) =>
      `Too many attempts. Please try again in ${waitIn(seconds, { minute: 'minute', second: 'second' })}.`,
    registerTitle: 'Create your account',
    registerIntro: 'Book cleanings, follow your appointments and leave feedback.',
    firstName: 'First name',
    lastName: 'Last name',
    passwordHint: (min: number) => `At least ${min} characters. Avoid common words and sequences.`,
    createAccount: 'Create account',
    haveAccount: 'Already have an account?',
    fieldRequired: 'This field is required.',
    emailInvalid: 'Enter a valid email address.',
    tooShort: (min: number) => `The password must have at least ${min} characters.`,
    tooLong: 'The password is too long.',
    firstNameTooLong: 'The first name is too long.',
    lastNameTooLong: 'The last name is too long.',
    emailTooLong: 'The email address is too long.',
    tooCommon: 'This password is too easy to guess. Try a longer phrase or mix in other words.',
    forgotTitle: 'Reset your password',
    forgotIntro: 'Enter the email of your account and we will send you a link to choose a new password.',
    sendLink: 'Send the link',
    forgotSent: (minutes: number) =>
      `If an account exists for this address, we have sent it a link to reset the password. The link expires in ${minutes} minutes.`,
    backToSignIn: 'Back to sign in',
    resetTitle: 'Choose a new password',
    newPassword: 'New password',
    confirmPassword: 'Confirm the new password',
    mismatch: 'The two passwords are different.',
    changePassword: 'Change password',
    resetInvalid: 'This link is not valid any more. Ask for a new one from the sign-in page.',
    resetDone: 'Your password has been changed. You can now sign in with it.',
    goToSite: (brand: string) => `Go to ${brand}`,
    signOutTitle: 'Signing you out',
    signOutIntro: (brand: string) => `Do you want to sign out of ${brand}?`,
    signOut: 'Sign out',
    stay: 'Stay signed in',
    signedOut: 'You are signed out.',
    errorTitle: 'Something went wrong',
    errorIntro: 'We could not complete the sign-in. Please go back to the site and try again.',
    errorExpired: 'This sign-in page has expired. Please go back to the site and sign in again.',
    errorCode: 'Error code',
    mainLabel: 'Account',
    formProblem: 'Please correct the highlighted fields.',
    checkEmailTitle: 'Check your email',
    checkEmailSent: (email: string, hours: number) =>
      `We have sent a message to ${email}. Follow the link in it to confirm your address: the link expires in ${hours} hours.`,
    checkEmailNext:
      'You can sign in now. Until your address is confirmed, you cannot book or leave feedback.',
    continueToSignIn: 'Continue to sign in',
    verifyTitle: 'Confirm your email address',
    verifiedTitle: 'Email address confirmed',
    verifiedDone:
      'Thank you: your email address is confirmed. You can now book cleanings and see your appointments.',
    verifyInvalid:
      'This link is not valid any more: it was already used or it has expired. Sign in to ask for a new one.',
    verifyIntro:
      'To confirm that this address is yours, enter the password of the account that was created with it.',
    verifyAction: 'Confirm my email address',
    verifyWrongPassword:
      'This is not the password of the account. If you did not create it, ignore the email: use “Forgot your password?” to take the address back.',
    continueToSite: (brand: string) => `Continue to ${brand}`,
    unsubscribeTitle: 'Email reminders',
    unsubscribeIntro:
      'Stop the reminders before your visits and the feedback requests after them? Booking confirmations and changes to your visits still reach you.',
    unsubscribeAction: 'Stop these emails',
    unsubscribeDone:
      'Done: you will no longer receive reminders or feedback requests. You can turn them back on from your profile.',
    unsubscribeInvalid:
      'This link is no longer valid (a link stops working when the email address it was sent to is changed). Manage your emails from your profile instead.',
  },
  fr: {
    languageName: 'Français',
    otherLanguage: 'English',
    signInTitle: 'Connexion',
    signInIntro: (brand: string) => `Heureux de vous revoir chez ${brand}.`,
    email: 'Courriel',
    password: 'Mot de passe',
    signIn: 'Se connecter',
    forgot: 'Mot de passe oublié?',
    noAccount: 'Nouveau client?',
    createAccountLink: 'Créer un compte',
    cancel: 'Retour au site',
    badCredentials: 'Le courriel ou le mot de passe est incorrect.',
    throttled: 'Trop de tentatives. Veuillez patienter quelques minutes, puis réessayer.',
    throttledFor: (seconds: number) =>
      `Trop de tentatives. Veuillez réessayer dans ${waitIn(seconds, { minute: 'minute', second: 'seconde' })}.`,
    registerTitle: 'Créez votre compte',
    registerIntro: 'Réservez des ménages, suivez vos rendez-vous et donnez votre avis.',
    firstName: 'Prénom',
    lastName: 'Nom',
    passwordHint: (min: number) => `Au moins ${min} caractères. Évitez les mots courants et les suites.`,
    createAccount: 'Créer le compte',
    haveAccount: 'Vous avez déjà un compte?',
    fieldRequired: 'Ce champ est obligatoire.',
    emailInvalid: 'Entrez une adresse courriel valide.',
    tooShort: (min: number) => `Le mot de passe doit compter au moins ${min} caractères.`,
    tooLong: 'Le mot de passe est trop long.',
    firstNameTooLong: 'Le prénom est trop long.',
    lastNameTooLong: 'Le nom est trop long.',
    emailTooLong: 'L’adresse courriel est trop longue.',
    tooCommon:
      'Ce mot de passe est trop facile à deviner. Essayez une phrase plus longue ou ajoutez d’autres mots.',
    forgotTitle: 'Réinitialiser le mot de passe',
    forgotIntro:
      'Entrez le courriel de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.',
    sendLink: 'Envoyer le lien',
    forgotSent: (minutes: number) =>
      `Si un compte existe pour cette adresse, nous lui avons envoyé un lien de réinitialisation. Le lien expire dans ${minutes} minutes.`,
    backToSignIn: 'Retour à la connexion',
    resetTitle: 'Choisissez un nouveau mot de passe',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Confirmez le nouveau mot de passe',
    mismatch: 'Les deux mots de passe sont différents.',
    changePassword: 'Changer le mot de passe',
    resetInvalid: 'Ce lien n’est plus valide. Demandez-en un nouveau depuis la page de connexion.',
    resetDone: 'Votre mot de passe a été changé. Vous pouvez maintenant vous connecter avec celui-ci.',
    goToSite: (brand: string) => `Aller sur ${brand}`,
    signOutTitle: 'Déconnexion',
    signOutIntro: (brand: string) => `Voulez-vous vous déconnecter de ${brand}?`,
    signOut: 'Se déconnecter',
    stay: 'Rester connecté',
    signedOut: 'Vous êtes déconnecté.',
    errorTitle: 'Un problème est survenu',
    errorIntro: 'Nous n’avons pas pu terminer la connexion. Retournez sur le site et réessayez.',
    errorExpired: 'Cette page de connexion a expiré. Retournez sur le site et connectez-vous de nouveau.',
    errorCode: 'Code d’erreur',
    mainLabel: 'Compte',
    formProblem: 'Veuillez corriger les champs indiqués.',
    checkEmailTitle: 'Consultez vos courriels',
    checkEmailSent: (email: string, hours: number) =>
      `Nous avons envoyé un message à ${email}. Suivez son lien pour confirmer votre adresse\u00a0: le lien expire dans ${hours} heures.`,
    checkEmailNext:
      'Vous pouvez vous connecter dès maintenant. Tant que votre adresse n’est pas confirmée, vous ne pouvez ni réserver ni donner votre avis.',
    continueToSignIn: 'Continuer vers la connexion',
    verifyTitle: 'Confirmez votre adresse courriel',
    verifiedTitle: 'Adresse courriel confirmée',
    verifiedDone:
      'Merci\u00a0: votre adresse courriel est confirmée. Vous pouvez maintenant réserver des ménages et voir vos rendez-vous.',
    verifyInvalid:
      'Ce lien n’est plus valide\u00a0: il a déjà servi ou il a expiré. Connectez-vous pour en demander un nouveau.',
    verifyIntro:
      'Pour confirmer que cette adresse est la vôtre, entrez le mot de passe du compte créé avec elle.',
    verifyAction: 'Confirmer mon adresse courriel',
    verifyWrongPassword:
      'Ce n’est pas le mot de passe du compte. Si vous ne l’avez pas créé, ignorez le courriel\u00a0: utilisez «\u00a0Mot de passe oublié?\u00a0» pour reprendre l’adresse.',
    continueToSite: (brand: string) => `Continuer vers ${brand}`,
    unsubscribeTitle: 'Rappels par courriel',
    unsubscribeIntro:
      'Ne plus recevoir les rappels avant vos visites ni les demandes d’avis après celles-ci? Les confirmations de réservation et les changements à vos visites vous parviendront toujours.',
    unsubscribeAction: 'Ne plus recevoir ces courriels',
    unsubscribeDone:
      'C’est fait : vous ne recevrez plus de rappels ni de demandes d’avis. Vous pouvez les réactiver depuis votre profil.',
    unsubscribeInvalid:
      'Ce lien n’est plus valide (un lien cesse de fonctionner quand l’adresse courriel à laquelle il a été envoyé change). Gérez plutôt vos courriels depuis votre profil.',
  },
} as const satisfies Record<Locale, Record<string, unknown>>;

export type PageText = (typeof PAGE_TEXT)[Locale];
