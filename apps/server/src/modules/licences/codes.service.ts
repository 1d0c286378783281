import { createHash, randomInt } from 'node:crypto';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  codeOfInput,
  formatCode,
  MESSAGES,
  normaliseCode,
  type CodeBatch,
  type CodeBatchRequest,
  type CreatedCodeBatch,
  type Licence,
} from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { HttpError } from '../../http-error.ts';
import { redeemHits } from '../auth/attempt-limits.ts';
import {
  ownsPoolItem,
  requireProducer,
  requireUser,
  type AccessPolicy,
  type Actor,
} from '../auth/policies.ts';
import type { RateLimiter } from '../auth/rate-limiter.ts';
import type { CodesRepository, CodeFacts } from './codes.repository.ts';
import { producerScopes } from './licence-scope.ts';
import { LicencesRepository, type StoredScope } from './licences.repository.ts';
import type { MediathekenRepository } from './mediatheken.repository.ts';

/** A new code: CODE_LENGTH letters of CODE_ALPHABET from the system's secure random source. */
export function newCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) {
    code += CODE_ALPHABET.charAt(randomInt(CODE_ALPHABET.length));
  }
  return code;
}

/** Codes carry about 78 bits: a plain SHA-256 keeps them unreadable in the database. */
export const hashCode = (code: string) =>
  createHash('sha256').update(normaliseCode(code)).digest('hex');

function scopesOf(code: CodeFacts): StoredScope[] {
  if (code.whole_pool) {
    return [{ pool: code.pool }];
  }
  if (code.mediathek_id !== null) {
    return [{ mediathekId: code.mediathek_id }];
  }
  return (code.media_ids ?? []).map((mediaId) => ({ mediaId: Number(mediaId) }));
}

/** Codes: a producer makes batches of them, each code grants its redeemer a licence. */
export class CodesService {
  constructor(
    private readonly codes: CodesRepository,
    private readonly licences: LicencesRepository,
    private readonly mediatheken: MediathekenRepository,
    private readonly policy: AccessPolicy,
    private readonly limiter: RateLimiter,
  ) {}

  /** Makes a batch; the answer holds the codes in plain text, this once only. */
  async create(actor: Actor, request: CodeBatchRequest): Promise<CreatedCodeBatch> {
    const producer = requireProducer(actor);
    const { pool, scopes } = await producerScopes(
      this.policy,
      this.mediatheken,
      actor,
      request.scope,
    );
    const plain = Array.from({ length: request.count }, newCode);
    const batchId = await this.codes.createBatch({
      pool,
      label: request.label,
      scopes,
      validFrom: request.terms.valid_from,
      validUntil: request.terms.valid_until,
      rights: request.terms.rights,
      uses: request.terms.uses,
      createdBy: producer.user.id,
      codeHashes: plain.map(hashCode),
    });
    const [batch] = await this.codes.batches(pool, batchId);
    if (!batch) {
      throw new Error('The new code batch was not found');
    }
    return { ...batch, plain_codes: plain.map(formatCode) };
  }

  /** The licences the user holds itself (from codes it redeemed). */
  async ownLicences(actor: Actor): Promise<Licence[]> {
    return this.licences.list(sql`l.licensee_user_id = ${requireUser(actor).id}`);
  }

  async batches(actor: Actor): Promise<CodeBatch[]> {
    return this.codes.batches(requireProducer(actor).pool);
  }

  /** Revokes an unredeemed code of the producer's pool; 409 for a redeemed one. */
  async revoke(actor: Actor, codeId: number): Promise<void> {
    const producer = requireProducer(actor);
    const pool = await this.codes.poolOfCode(codeId);
    if (pool === undefined || !ownsPoolItem(producer, { pool })) {
      throw new HttpError(404, MESSAGES.notFound);
    }
    if (!(await this.codes.revoke(codeId))) {
      throw new HttpError(409, MESSAGES.licences.notRevocable);
    }
  }

  /**
   * Redeems a code for the signed-in user: it gets the code's licence. Failed tries count
   * against a limit per user and per client address (checked first: once limited, a right code
   * is refused too); every refusal names its reason in German.
   */
  async redeem(
    actor: Actor,
    input: string,
    address: string,
  ): Promise<{ message: string; licences: Licence[] }> {
    const user = requireUser(actor);
    const hits = redeemHits(address, user.id);
    await this.limiter.check(hits);
    const code = await this.codes.findByHash(hashCode(codeOfInput(input)));
    const refuse = async (status: number, message: string): Promise<never> => {
      await this.limiter.count(hits);
      throw new HttpError(status, message);
    };
    if (!code) {
      return refuse(400, MESSAGES.licences.codeUnknown);
    }
    if (code.redeemed_by === user.id) {
      throw new HttpError(409, MESSAGES.licences.codeAlreadyYours);
    }
    if (code.revoked) {
      return refuse(400, MESSAGES.licences.codeRevoked);
    }
    if (code.redeemed_by !== null) {
      return refuse(409, MESSAGES.licences.codeUsedUp);
    }
    if (code.expired) {
      return refuse(400, MESSAGES.licences.codeExpired);
    }
    let ids: number[] = [];
    const redeemed = await this.codes.redeem(code.id, user.id, async (db) => {
      ids = await new LicencesRepository(db).insert(
        scopesOf(code).map((scope) => ({
          licensee: { userId: user.id },
          scope,
          grantorPool: code.pool,
          validFrom: code.valid_from,
          validUntil: code.valid_until,
          rights: code.rights,
          uses: code.uses,
          origin: 'code' as const,
        })),
      );
    });
    if (!redeemed) {
      return refuse(409, MESSAGES.licences.codeUsedUp);
    }
    const licences = await this.licences.list(sql`l.id IN ${ids}`);
    const first = licences[0];
    const label =
      licences.length > 1 && first?.scope.kind === 'media'
        ? `${first.scope.label} und ${String(licences.length - 1)} weitere`
        : (first?.scope.label ?? '');
    return { message: MESSAGES.licences.codeRedeemed(label), licences };
  }
}
