/** Exit codes of archway-scan (listed in `--help`; scripts rely on them). */
export const ExitCode = {
  ok: 0,
  /** Anything unexpected (a bug, a full disk …). */
  failure: 1,
  /** Wrong command line: unknown flag, missing or invalid value, --code missing for an encrypting device. */
  usage: 2,
  /** A file is missing, unreadable, empty or not a PLY, STL or OBJ scan by its content. */
  file: 3,
  /** Sign-in refused (wrong user or password, disabled account). */
  signIn: 4,
  /** The device is not one this user may upload with now. */
  device: 5,
  /** The server refused the upload or the case (its message is printed). */
  refused: 6,
  /** The server could not be reached or the connection broke: run the same command again to resume. */
  network: 7,
  /** decrypt: wrong management code, or a damaged, truncated or not encrypted file. */
  decrypt: 8,
  /** Interrupted (Ctrl-C): run the same command again to resume. */
  interrupted: 130,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** A failure the command reports as one line on stderr and exits with `exitCode`. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCodeValue,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
