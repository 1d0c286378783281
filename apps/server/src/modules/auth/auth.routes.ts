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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AttemptLimiter } from './attempt-limiter.ts';
import { toUserInfo, type AuthService } from './auth.service.ts';
import { endSession, SESSION_COOKIE, startSession } from './session.ts';

const tags = ['Konto'];
const MessageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

/**
 * Attempts per client address (generous: a school's pupils share one address) and per account
 * (the e-mail address of the request, known or not, so a 429 tells nothing about accounts).
 */
function attemptLimits() {
  const minutes = (count: number) => count * 60_000;
  return {
    loginPerAddress: new AttemptLimiter(60, minutes(15)),
    loginPerAccount: new AttemptLimiter(10, minutes(15)),
    passwordRequestPerAddress: new AttemptLimiter(20, minutes(60)),
    passwordRequestPerAccount: new AttemptLimiter(3, minutes(60)),
    registerPerAddress: new AttemptLimiter(20, minutes(60)),
    tokenPerAddress: new AttemptLimiter(30, minutes(15)),
  };
}

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const limits = attemptLimits();
  const perAddress = (limiter: AttemptLimiter) => async (request: FastifyRequest) => {
    limiter.hit(request.ip);
  };
  const perAddressAndAccount =
    (address: AttemptLimiter, account: AttemptLimiter) => async (request: FastifyRequest) => {
      address.hit(request.ip);
      account.hit(emailOf(request));
    };

  app.post(
    '/api/v1/auth/login',
    {
      preHandler: perAddressAndAccount(limits.loginPerAddress, limits.loginPerAccount),
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
      const { token, user } = await auth.login(request.body, request.cookies[SESSION_COOKIE]);
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
      preHandler: perAddress(limits.registerPerAddress),
      schema: {
        tags,
        summary: 'Register: mails a confirmation link (the same answer for a taken address)',
        body: RegistrationSchema,
        response: { 202: MessageSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await auth.register(request.body);
      return reply.code(202).send({ message: MESSAGES.account.registered });
    },
  );

  app.post(
    '/api/v1/auth/register/confirm',
    {
      preHandler: perAddress(limits.tokenPerAddress),
      schema: {
        tags,
        summary: 'Confirm the e-mail address with the mailed token (single use, 24 hours)',
        body: ConfirmationSchema,
        response: { 204: z.null(), 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await auth.confirmEmail(request.body.token);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/password/request',
    {
      preHandler: perAddressAndAccount(
        limits.passwordRequestPerAddress,
        limits.passwordRequestPerAccount,
      ),
      schema: {
        tags,
        summary: 'Ask for a password-reset mail (the same answer whether the account exists)',
        body: PasswordRequestSchema,
        response: { 202: MessageSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email);
      return reply.code(202).send({ message: MESSAGES.account.passwordRequested });
    },
  );

  app.post(
    '/api/v1/auth/password/reset',
    {
      preHandler: perAddress(limits.tokenPerAddress),
      schema: {
        tags,
        summary:
          'Set a new password with the mailed token (single use, one hour); ends all sessions',
        body: PasswordResetSchema,
        response: { 204: z.null(), 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(request.body.token, request.body.password);
      endSession(reply);
      return reply.code(204).send(null);
    },
  );
};
