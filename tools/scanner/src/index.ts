/** archway-scan as a library: the command (`main`), the encrypted scan format and the upload. */
export { main, run } from './cli.ts';
export { decryptFile, encryptFile, DecryptError, isEncrypted } from './crypto.ts';
export { ExitCode, CliError } from './errors.ts';
export { uploadCase, checkFiles, type UploadRequest } from './upload.ts';
