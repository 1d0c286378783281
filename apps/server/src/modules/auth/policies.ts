import { isProducer, MESSAGES, producerPool } from '@medienkatalog/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error.ts';
import type { UserRow } from './auth.repository.ts';
import { requireUser } from './session.ts';

/** A producer and the pool whose media it manages (the last segment of its context). */
export interface ProducerAccess {
  user: UserRow;
  pool: string;
}

/** The signed-in producer: 401 for anonymous users, 403 for everyone else. */
export function requireProducer(request: FastifyRequest): ProducerAccess {
  const user = requireUser(request);
  const pool = producerPool(user);
  if (!isProducer(user) || pool === '') {
    throw new HttpError(403, MESSAGES.producer.producerOnly);
  }
  return { user, pool };
}
