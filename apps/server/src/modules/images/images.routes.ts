import type { FastifyPluginAsync } from 'fastify';
import type { FileStorage } from '../files/file-storage.ts';
import type { FilesRepository } from '../files/files.repository.ts';

export interface ImageOptions {
  storage: FileStorage;
  media: FilesRepository;
}

/** /covers/{WxH}/{IDENTIFIER}.jpg and the image proxy (issue 6, in progress). */
export const imageRoutes: FastifyPluginAsync<ImageOptions> = async () => {};
