import type { FastifyPluginAsync } from 'fastify';
import type { FileStorage } from './file-storage.ts';
import type { FilesRepository } from './files.repository.ts';

export interface FileRoutesOptions {
  storage: FileStorage;
  media: FilesRepository;
}

/** The producer's file calls: storage url, dirlist, index, ZIP, download (issue 6, in progress). */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async () => {};
