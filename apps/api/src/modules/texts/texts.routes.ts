import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import twilio from 'twilio';
import { z } from 'zod';
import { textPreferencesInputSchema, textPreferencesSchema } from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { forbidden } from '../../lib/app-error.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  myTextPreferences,
  receiveInboundText,
  recordTextStatus,
  setMyTextPreferences,
} from './texts.service.ts';

/** What Twilio POSTs to our webhooks (form-encoded); the fields we read, the others kept for the signature. */
const twilioForm = z.record(z.string(), z.string());

/**
 * Text messages (issue 31, decision 067): the customer's number, consent and choices; with SMS=twilio,
 * Twilio's delivery statuses and inbound texts (STOP, START), each checked by its `X-Twilio-Signature`.
 */
export const textsRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');

  app.get(
    '/customers/me/text-preferences',
    {
      preValidation: signedIn,
      schema: {
        tags: ['customers'],
        summary: 'My mobile number for texts, the consent I gave, and what goes by text',
        security: bearer,
        response: { 200: textPreferencesSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return myTextPreferences(app.db, currentUser(request));
    },
  );

  app.put(
    '/customers/me/text-preferences',
    {
      preValidation: signedIn,
      schema: {
        tags: ['customers'],
        summary:
          'Set my mobile number with my consent to texts (or remove it), and email, text or both per kind',
        security: bearer,
        body: textPreferencesInputSchema,
        response: { 200: textPreferencesSchema, ...errors },
      },
    },
    async (request) => setMyTextPreferences(app.db, currentUser(request), request.body),
  );

  const sms = config.sms;
  if (sms.adapter !== 'twilio') return;
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  /** Twilio signs the full URL it called (PUBLIC_URL and the path) and the posted fields. */
  const verify = (signature: string | undefined, url: string, params: Record<string, string>) => {
    if (
      !signature ||
      !twilio.validateRequest(sms.authToken, signature, `${config.publicUrl}${url}`, params)
    ) {
      throw forbidden('The request is not signed by Twilio.');
    }
  };
  const signature = z.object({ 'x-twilio-signature': z.string().max(200).optional() });

  app.post(
    '/texts/twilio/status',
    {
      schema: {
        tags: ['texts'],
        summary: "Twilio's delivery status of a text (signed): a replay or a late one changes nothing",
        headers: signature,
        body: twilioForm,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      verify(request.headers['x-twilio-signature'], request.url, request.body);
      const sid = request.body.MessageSid;
      const status = request.body.MessageStatus;
      if (sid && status) await recordTextStatus(app.db, sid, status);
      return reply.code(204).send();
    },
  );

  app.post(
    '/texts/twilio/inbound',
    {
      schema: {
        tags: ['texts'],
        summary:
          'A text sent to our number (signed): STOP, ARRÊT, UNSUBSCRIBE… stop texts at once, START brings them back',
        headers: signature,
        body: twilioForm,
      },
    },
    async (request, reply) => {
      verify(request.headers['x-twilio-signature'], request.url, request.body);
      const from = request.body.From ?? '';
      const keyword = await receiveInboundText(app.db, from, request.body.Body ?? '');
      if (keyword) request.log.info({ keyword }, 'texts keyword received');
      // No reply of ours: Twilio answers STOP and START itself on its numbers.
      return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    },
  );
};
