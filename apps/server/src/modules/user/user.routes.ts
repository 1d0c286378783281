import {
  ErrorSchema,
  FeaturesSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  UserInfoSchema,
} from '@medienkatalog/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toUserInfo, type AuthService } from '../auth/auth.service.ts';
import { requireUser } from '../auth/policies.ts';
import { startSession } from '../auth/session.ts';

const tags = ['Benutzer'];

/** The signed-in user's own data: user info, feature flags, profile and password. */
export const userRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get(
    '/api/v1/user/userinfo',
    {
      schema: {
        tags,
        summary: 'The signed-in user (401 when anonymous)',
        response: { 200: UserInfoSchema, 401: ErrorSchema },
      },
    },
    async (request) => toUserInfo(requireUser(request.user)),
  );

  app.get(
    '/api/v1/utils/features',
    {
      schema: {
        tags,
        summary: 'Feature flags of the current user (defaults when anonymous)',
        response: { 200: FeaturesSchema },
      },
    },
    async (request) => auth.features(request.user),
  );

  app.put(
    '/api/v1/user/profile',
    {
      schema: {
        tags,
        summary: 'Change name, school and video-conference setting of the signed-in user',
        body: ProfileUpdateSchema,
        response: { 200: UserInfoSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) =>
      toUserInfo(await auth.updateProfile(requireUser(request.user), request.body)),
  );

  app.post(
    '/api/v1/user/password',
    {
      schema: {
        tags,
        summary: 'Change the password; other sessions end, this one gets a new cookie',
        body: PasswordChangeSchema,
        response: { 204: z.null(), 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      const token = await auth.changePassword(user, request.body, request.ip);
      startSession(reply, token);
      return reply.code(204).send(null);
    },
  );
};
