import type { FastifyPluginAsync } from 'fastify';
import type { FileStorage } from '../files/file-storage.ts';
import type { FilesRepository } from '../files/files.repository.ts';

export interface ContentOptions {
  storage: FileStorage;
  media: FilesRepository;
  secret: string;
}

/** Play and download: /api/v1/media/link/{identifier} and /content/... (issue 6, in progress). */
export const contentRoutes: FastifyPluginAsync<ContentOptions> = async () => {};
