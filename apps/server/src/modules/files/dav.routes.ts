import type { FastifyPluginAsync } from 'fastify';
import type { FileStorage } from './file-storage.ts';
import type { FilesRepository } from './files.repository.ts';

export interface DavOptions {
  storage: FileStorage;
  media: FilesRepository;
  maxFileSize: number;
}

/** /dav/{identifier}/...: the WebDAV storage of one medium (issue 6, in progress). */
export const davRoutes: FastifyPluginAsync<DavOptions> = async () => {};
