import {
  ConfirmationSchema,
  ErrorSchema,
  LoginSchema,
  MESSAGES,
  PasswordRequestSchema,
  PasswordResetSchema,
  RegistrationSchema,
  UserInfoSchema,
} from '@medienkatalog/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toUserInfo, type AuthService } from './auth.service.ts';
import { endSession, SESSION_COOKIE, startSession } from './session.ts';

const tags = ['Konto'];
const MessageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

/** The account calls; their attempt limits (429 with Retry-After) apply in AuthService. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  // Registrations and password requests finish after their answer; the database stays open.
  app.addHook('onClose', () => auth.settled());

  app.post(
    '/api/v1/auth/login',
    {
      schema: {
        tags,
        summary: 'Log in: opens a new session (HttpOnly cookie) and answers the user info',
        body: LoginSchema,
        response: {
          200: UserInfoSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { token, user } = await auth.login(
        request.body,
        request.cookies[SESSION_COOKIE],
        request.ip,
      );
      startSession(reply, token);
      return toUserInfo(user);
    },
  );

  app.post(
    '/api/v1/auth/logout',
    { schema: { tags, summary: 'Log out: ends the session', response: { 204: z.null() } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        await auth.logout(token);
      }
      endSession(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/register',
    {
      schema: {
        tags,
        summary: 'Register: mails a confirmation link (the same answer for a taken address)',
        body: RegistrationSchema,
        response: { 202: MessageSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await auth.register(request.body, request.ip);
      return reply.code(202).send({ message: MESSAGES.account.registered });
    },
  );

  app.post(
    '/api/v1/auth/register/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm the e-mail address with the mailed token (single use, 24 hours)',
        body: ConfirmationSchema,
        response: { 204: z.null(), 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await auth.confirmEmail(request.body.token, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/password/request',
    {
      schema: {
        tags,
        summary: 'Ask for a password-reset mail (the same answer whether the account exists)',
        body: PasswordRequestSchema,
        response: { 202: MessageSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email, request.ip);
      return reply.code(202).send({ message: MESSAGES.account.passwordRequested });
    },
  );

  app.post(
    '/api/v1/auth/password/reset',
    {
      schema: {
        tags,
        summary:
          'Set a new password with the mailed token (single use, one hour); ends all sessions',
        body: PasswordResetSchema,
        response: { 204: z.null(), 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(request.body.token, request.body.password, request.ip);
      endSession(reply);
      return reply.code(204).send(null);
    },
  );
};
