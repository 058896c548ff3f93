import { describe, expect, it } from 'vitest';
import { appointmentEmailData } from '../../test/factories.ts';
import { torontoReceipt } from '../../test/receipt-documents.ts';
import {
  emailJobSchema,
  emailMessageSchema,
  renderEmail,
  type EmailJob,
  type EmailMessage,
  type EmailTemplate,
} from './email-message.ts';
import { formatMoney } from './format.ts';

const ctx = { brandName: 'Éclat', publicUrl: 'https://book.eclat.example', timeZone: 'America/Toronto' };

describe('email templates', () => {
  it('formats money the way each language writes it', () => {
    expect(formatMoney(50, 'en')).toBe('$50.00');
    expect(formatMoney(50, 'fr')).toBe('50,00\u00a0$');
  });

  it('renders the booking confirmation in English with the business-local time and the total', () => {
    const email = renderEmail(
      {
        to: 'a@example.com',
        locale: 'en',
        message: { template: 'booking-confirmation', data: appointmentEmailData() },
      },
      ctx,
    );
    expect(email.subject).toBe('Your Éclat cleaning is booked for Tuesday, March 9, 2027 at 9:00 a.m.');
    expect(email.text).toContain('Deep Cleaning: $289.00');
    expect(email.text).toContain('Total: $339.00');
    expect(email.text).toContain('12:00 p.m.');
    expect(email.html).toContain('<html lang="en">');
    expect(email.attachments).toHaveLength(1);
    expect(email.attachments[0]?.filename).toBe('appointment.ics');
  });

  it('renders the booking confirmation in French', () => {
    const email = renderEmail(
      {
        to: 'a@example.com',
        locale: 'fr',
        message: { template: 'booking-confirmation', data: appointmentEmailData() },
      },
      ctx,
    );
    expect(email.subject).toBe('Votre ménage Éclat est réservé pour le mardi 9 mars 2027 à 9 h 00');
    expect(email.text).toContain('Total\u00a0: 339,00\u00a0$');
    expect(email.text).toContain('Bonjour Amélie,');
    expect(email.html).toContain('<html lang="fr">');
  });

  it('lists the price breakdown in each language: the rooms, each extra, the discount (decision 025)', () => {
    const data = appointmentEmailData({
      services: [{ title: 'Whole Home Cleaning', price: 205 }],
      lines: [
        {
          kind: 'service',
          label: { en: 'Whole Home Cleaning', fr: 'Whole Home Cleaning' },
          cents: 20_500,
          basis: { bedrooms: 3, bathrooms: 1 },
        },
        { kind: 'extra', label: { en: 'Inside the fridge', fr: 'Intérieur du réfrigérateur' }, cents: 3_000 },
        { kind: 'surcharge', label: { en: '', fr: '' }, cents: 1_500 },
        { kind: 'discount', label: { en: '', fr: '' }, cents: -2_500, percent: 10 },
      ],
      total: 225,
    });
    const render = (locale: 'en' | 'fr') =>
      renderEmail({ to: 'a@example.com', locale, message: { template: 'booking-confirmation', data } }, ctx);
    const en = render('en');
    expect(en.text).toContain('Whole Home Cleaning (3 bedrooms, 1 bathroom): $205.00');
    expect(en.text).toContain('Inside the fridge: $30.00');
    expect(en.text).toContain('Travel surcharge: $15.00');
    expect(en.text).toContain('Recurring discount (10%): -$25.00');
    expect(en.html).toContain('Inside the fridge <span');
    const fr = render('fr').text.replace(/[\u00a0\u202f]/g, ' ');
    expect(fr).toContain('Whole Home Cleaning (3 chambres, 1 salle de bain) : 205,00 $');
    expect(fr).toContain('Intérieur du réfrigérateur : 30,00 $');
    expect(fr).toContain('Frais de déplacement : 15,00 $');
    expect(fr).toContain('Rabais récurrent (10 %) : -25,00 $');
  });

  it('shows "Contact for pricing" for a service sold on quote', () => {
    const data = appointmentEmailData({
      services: [{ title: 'Post-Renovation Cleanup', price: 0 }],
      total: 0,
    });
    const en = renderEmail(
      { to: 'a@example.com', locale: 'en', message: { template: 'booking-confirmation', data } },
      ctx,
    );
    const fr = renderEmail(
      { to: 'a@example.com', locale: 'fr', message: { template: 'booking-confirmation', data } },
      ctx,
    );
    expect(en.text).toContain('Post-Renovation Cleanup: Contact for pricing');
    expect(fr.text).toContain('Post-Renovation Cleanup\u00a0: Prix sur demande');
  });

  it('escapes what users wrote in the HTML part and keeps it as written in the text part', () => {
    const job: EmailJob = {
      to: 'hello@eclat.example',
      locale: 'en',
      replyTo: 'visitor@example.com',
      message: {
        template: 'contact-message',
        data: {
          name: 'Eve <img src=x onerror=alert(1)>',
          email: 'visitor@example.com',
          subject: 'Quote "please"',
          message: '<script>alert("hi")</script>\nSecond line',
          sentAt: '2027-01-05T15:30:00.000Z',
        },
      },
    };
    const email = renderEmail(job, ctx);
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;<br>Second line');
    expect(email.text).toContain('<script>alert("hi")</script>\nSecond line');
    expect(email.subject).toBe('Contact form: Quote "please"');
  });

  it('renders the password reset in both languages with the link', () => {
    for (const locale of ['en', 'fr'] as const) {
      const email = renderEmail(
        {
          to: 'a@example.com',
          locale,
          message: {
            template: 'password-reset',
            data: {
              resetUrl: 'https://book.eclat.example/oidc/reset/abc',
              expiresInMinutes: 30,
              firstName: 'Ana',
            },
          },
        },
        ctx,
      );
      expect(email.text).toContain('https://book.eclat.example/oidc/reset/abc');
      expect(email.html).toContain('href="https://book.eclat.example/oidc/reset/abc"');
      expect(email.subject).toBe(
        locale === 'en' ? 'Reset your Éclat password' : 'Réinitialisez votre mot de passe Éclat',
      );
    }
  });

  it('puts the link in both parts of every link email and escapes the name in the HTML part', () => {
    const url = 'https://book.eclat.example/link?token=abc&next=%2Fprofile';
    const firstName = 'Zoé <b>"Z"</b>';
    const messages: EmailJob['message'][] = [
      { template: 'password-reset', data: { firstName, resetUrl: url, expiresInMinutes: 30 } },
      { template: 'sign-up-attempt', data: { firstName, signInUrl: url } },
    ];
    for (const message of messages) {
      for (const [locale, hello] of [
        ['en', 'Hello'],
        ['fr', 'Bonjour'],
      ] as const) {
        const email = renderEmail({ to: 'a@example.com', locale, message }, ctx);
        expect(email.text).toContain(`${hello} ${firstName},`);
        expect(email.text).toContain(`\n${url}\n`);
        expect(email.html).toContain(`href="${url.replace('&', '&amp;')}"`);
        expect(email.html).toContain(`<p>${hello} Zoé &lt;b&gt;&quot;Z&quot;&lt;/b&gt;,</p>`);
        expect(email.html).not.toContain('<b>');
      }
    }
  });

  it('greets nobody by name in a verification email, even from a job queued with one (the address is not confirmed)', () => {
    const job = emailJobSchema.parse({
      to: 'a@example.com',
      locale: 'en',
      message: {
        template: 'email-verification',
        data: { firstName: 'URGENT', verifyUrl: 'https://book.eclat.example/v', expiresInHours: 24 },
      },
    });
    const email = renderEmail(job, ctx);
    expect(email.text.startsWith('Hello,\n')).toBe(true);
    expect(`${email.text}${email.html}`).not.toContain('URGENT');
  });

  it('renders the reminder without an attachment', () => {
    const email = renderEmail(
      {
        to: 'a@example.com',
        locale: 'fr',
        message: { template: 'appointment-reminder', data: appointmentEmailData() },
      },
      ctx,
    );
    expect(email.subject).toBe('Rappel\u00a0: votre ménage Éclat le mardi 9 mars 2027 à 9 h 00');
    expect(email.attachments).toEqual([]);
  });

  it('renders the verification link and the sign-up attempt warning in both languages', () => {
    const verify = (locale: 'en' | 'fr') =>
      renderEmail(
        {
          to: 'a@example.com',
          locale,
          message: {
            template: 'email-verification',
            data: {
              verifyUrl: 'https://book.eclat.example/v?token=abc',
              expiresInHours: 24,
            },
          },
        },
        ctx,
      );
    expect(verify('en').subject).toBe('Confirm your email address for Éclat');
    expect(verify('en').text).toContain('https://book.eclat.example/v?token=abc');
    expect(verify('en').text).toContain('expires in 24 hours');
    expect(verify('fr').subject).toBe('Confirmez votre adresse courriel pour Éclat');
    expect(verify('fr').text).toContain('expire dans 24 heures');
    expect(verify('fr').html).toContain('<html lang="fr">');
    const attempt = (locale: 'en' | 'fr') =>
      renderEmail(
        {
          to: 'a@example.com',
          locale,
          message: { template: 'sign-up-attempt', data: { signInUrl: 'https://book.eclat.example/profile' } },
        },
        ctx,
      );
    expect(attempt('en').subject).toBe('Someone tried to create an account at Éclat with your email');
    expect(attempt('en').text).toContain('Forgot your password?');
    expect(attempt('fr').subject).toBe('Quelqu’un a tenté de créer un compte Éclat avec votre courriel');
    expect(attempt('fr').text).toContain('Mot de passe oublié?');
  });

  it('renders every template of the catalogue in both languages', () => {
    // One sample per template: a template added to the union without one here fails to compile.
    const samples: { [T in EmailTemplate]: Extract<EmailMessage, { template: T }>['data'] } = {
      'password-reset': { resetUrl: 'https://book.eclat.example/r', expiresInMinutes: 30, firstName: 'Ana' },
      'email-verification': { verifyUrl: 'https://book.eclat.example/v', expiresInHours: 24 },
      'sign-up-attempt': { signInUrl: 'https://book.eclat.example/profile' },
      'contact-message': {
        name: 'Eve',
        email: 'eve@example.com',
        subject: 'Quote',
        message: 'Hello',
        sentAt: '2027-01-05T15:30:00.000Z',
      },
      'booking-confirmation': appointmentEmailData(),
      'appointment-reminder': appointmentEmailData(),
      'series-confirmation': {
        seriesId: '7c1e2d3f-4a5b-4c6d-9e8f-0a1b2c3d4e5f',
        customerFirstName: 'Amélie',
        customerLastName: 'Tremblay',
        frequency: 'every2Weeks',
        weekday: 2,
        hour: 10,
        services: [{ title: 'Deep Cleaning', price: 289 }],
        fullPrice: 289,
        pricePerVisit: 260.1,
        discountPercent: 10,
        firstVisitDiscounted: true,
        address: null,
        comments: null,
        visits: [
          {
            appointmentId: '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10',
            startsAt: '2027-03-09T14:00:00.000Z',
            endsAt: '2027-03-09T17:00:00.000Z',
            needsTime: false,
            revision: 0,
            totalPrice: 260.1,
          },
        ],
      },
      'visit-notice': {
        kind: 'moved',
        audience: 'customer',
        recipientFirstName: 'Amélie',
        cancelledBy: null,
        seriesId: '7c1e2d3f-4a5b-4c6d-9e8f-0a1b2c3d4e5f',
        appointmentId: '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10',
        customerFirstName: 'Amélie',
        customerLastName: 'Tremblay',
        startsAt: '2027-03-11T14:00:00.000Z',
        endsAt: '2027-03-11T17:00:00.000Z',
        previousStartsAt: '2027-03-09T14:00:00.000Z',
        services: [{ title: 'Deep Cleaning', price: 289 }],
        totalPrice: 260.1,
        address: null,
        revision: 1,
      },
      'feedback-request': {
        appointmentId: '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10',
        customerFirstName: 'Amélie',
        startsAt: '2027-03-09T14:00:00.000Z',
      },
      'on-the-way': {
        appointmentId: '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10',
        customerFirstName: 'Amélie',
        cleanerFirstName: 'Émile',
        etaMinutes: 20,
        startsAt: '2027-03-09T14:00:00.000Z',
      },
      'visit-problem': {
        appointmentId: '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10',
        kind: 'damage',
        note: 'A chipped tile by the bathtub, there before we came.',
        cleanerFirstName: 'Émile',
        customerName: 'Amélie Tremblay',
        startsAt: '2027-03-09T14:00:00.000Z',
        photoCount: 2,
      },
      'payment-needed': {
        appointmentId: '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10',
        customerFirstName: 'Amélie',
        startsAt: '2027-03-09T14:00:00.000Z',
      },
      'quote-request': {
        quoteId: '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
        customerName: 'Amélie Tremblay',
        customerEmail: 'amelie@example.com',
        what: 'Post-Renovation Cleanup\n\nThree floors after a kitchen renovation.',
        address: '48 Palmerston Avenue',
        postalCode: 'V6B 1A1',
        photoCount: 2,
      },
      'quote-answered': {
        quoteId: '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
        customerFirstName: 'Amélie',
        priceCents: 45_000,
        durationMinutes: 300,
        message: 'Two cleaners for the day.',
        expiresAt: '2027-04-08T14:00:00.000Z',
      },
      receipt: torontoReceipt('en'),
    };
    expect(Object.keys(samples).sort()).toEqual(
      emailMessageSchema.options.map((option) => option.shape.template.value).sort(),
    );
    for (const [template, data] of Object.entries(samples)) {
      const rendered = (['en', 'fr'] as const).map((locale) =>
        renderEmail(emailJobSchema.parse({ to: 'a@example.com', locale, message: { template, data } }), ctx),
      );
      for (const [index, email] of rendered.entries()) {
        expect(email.subject, template).not.toBe('');
        expect(email.text, template).not.toBe('');
        expect(email.html, template).toContain(`<html lang="${index === 0 ? 'en' : 'fr'}">`);
      }
      expect(rendered[0]?.subject, template).not.toBe(rendered[1]?.subject);
    }
  });
});
