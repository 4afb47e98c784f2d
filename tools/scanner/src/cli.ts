import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { caseOrder, receiverFormsQuery, type CaseOrder, type OrderValues } from '@archway/contract';
import { decryptFile, DecryptError } from './crypto.ts';
import { CliError, ExitCode } from './errors.ts';
import { ProgressModes, type ProgressMode, type Writer } from './progress.ts';
import { defaultStateDir } from './state.ts';
import { mapApiError, uploadCase, type UploadRequest } from './upload.ts';
import { receiverForms, Session } from './api.ts';

const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const EXIT_CODES = `Exit codes:
  0    done (upload: the case id is the last line of stdout)
  1    unexpected failure, or another archway-scan is using the same --state directory
  2    wrong command line (unknown flag, missing or invalid value, --code missing for an encrypting device)
  3    a file is missing, unreadable, empty or not a PLY, STL or OBJ scan by its content
  4    sign-in refused (wrong user or password)
  5    the device is not one you may upload with now
  6    the server refused the upload or the case (its message is printed; an order-form field's name first)
  7    the server could not be reached or the connection broke: run the same command again to resume
  8    decrypt: wrong management code, or a damaged, truncated or not encrypted file
  130  interrupted (Ctrl-C): run the same command again to resume`;

const MAIN_HELP = `archway-scan ${version}: upload scans to Archway as a case, decrypt encrypted scans.

Usage:
  archway-scan upload --server URL --user NAME --password PW --device SERIAL --type 1|2|3 --patient NAME
                      [order flags] [--field NAME=VALUE ...] FILE...
  archway-scan form --server URL --user NAME --password PW --device SERIAL --type 1|2|3
  archway-scan decrypt --code CODE IN OUT
  archway-scan help [upload|form|decrypt]

Commands:
  upload    sign in, upload PLY/STL/OBJ files for a device you may use and create one case; prints its id
  form      print (JSON) the order forms of the labs a case of this device and type goes to: what --field fills
  decrypt   restore the original of a scan encrypted by a device with encryption on (needs its management code)

Flags:
  -h, --help      this text (\`archway-scan upload --help\` for a command's)
  -v, --version   the version

${EXIT_CODES}
`;

const UPLOAD_HELP = `Usage: archway-scan upload [flags] FILE...

Uploads one case: sign-in (POST /account/token), the device check, then each file over tus (resumable), then the
case with its order fields. Progress goes to stderr; stdout gets the case id alone on its last line.
Files are checked by their content (PLY, STL or OBJ), never by their name. If the run is interrupted (Ctrl-C, a
lost connection, a killed process) run the same command again: it resumes the uploads where they stopped, and
uploading the same files again answers the same case.

Required:
  --server URL          Archway's address, e.g. https://archway.example.com
  --user NAME           username or e-mail
  --password PW         password (or the environment variable ARCHWAY_SCAN_PASSWORD)
  --device SERIAL       the scanner's serial: yours, lent to your organization (within its time) or one you
                        are a device user of (within your window)
  --type 1|2|3          case type: 1 orthodontics, 2 implant, 3 restoration
  --patient NAME        patient's name

Order (optional):
  --sex male|female     --age N               --doctor NAME        --clinic NAME       --phone PHONE
  --due YYYY-MM-DD      due date
  --remark TEXT         remark
  --teeth 11,21,...     FDI tooth positions (11-48, 51-85)
  --upper  --lower      upper / lower jaw
  --design TEXT         design requirement
  --material TEXT       material
  --color TEXT          tooth colour (shade)
  --implant TEXT        implant type
  --restoration TEXT    restoration type
  --software VERSION    scanning software version

Order form (the receiving labs' own fields; \`archway-scan form\` lists them):
  --field NAME=VALUE    a field's value, repeatable: a dropdown or radio takes an option (or "option / sub-option"),
                        a checkbox its options comma-separated, a switch true or false, a date YYYY-MM-DD, a file
                        one of the FILE names. A missing required field or a value that does not fit is refused
                        with the field's name (exit 6). Fields called like an order flag (Doctor, Material …) take
                        that flag's value when not given here.

Other:
  --code CODE           the device's management code; required when the device encrypts (encryptType 2): each
                        file is then encrypted here (AES-256-GCM) and the server never sees the scan
  --state DIR           where uploads in progress are remembered (default ~/.archway-scan, or
                        ARCHWAY_SCAN_STATE); encrypted copies stay there until the case is created
  --progress MODE       auto (a bar on a terminal, else a line per file), bar, files, lines (a line per percent,
                        for programs), none
  -h, --help            this text

Example:
  archway-scan upload --server https://archway.example.com --user lab1 --password '***' \\
    --device C10000001 --type 3 --patient "Ada L." --doctor "Dr Who" --teeth 11,21 --upper upper.ply lower.stl

${EXIT_CODES}
`;

const FORM_HELP = `Usage: archway-scan form --server URL --user NAME --password PW --device SERIAL --type 1|2|3

Signs in and prints to stdout, as JSON, the order forms of the labs a case of this device and type would be sent to
(GET /api/order/forms): for each lab its id (custId), name (custName), form version and fields (name, type: input,
dropdown, date, radio, checkbox, switch or file; mandatory; options with their sub-options). An empty list: no
receiving lab asks for a form. Fill them with \`archway-scan upload ... --field NAME=VALUE\`.

  --server URL      Archway's address
  --user NAME       username or e-mail
  --password PW     password (or the environment variable ARCHWAY_SCAN_PASSWORD)
  --device SERIAL   a scanner you may upload with
  --type 1|2|3      case type: 1 orthodontics, 2 implant, 3 restoration
  -h, --help        this text

${EXIT_CODES}
`;

const DECRYPT_HELP = `Usage: archway-scan decrypt --code CODE IN OUT

Restores the original scan from a file a device with encryption on uploaded (AWENC1 format, AES-256-GCM). The
authentication tag is verified before OUT appears: a wrong code or a damaged file leaves no OUT (and an existing
OUT untouched). An existing OUT is replaced.

  --code CODE   the device's management code
  -h, --help    this text

${EXIT_CODES}
`;

export interface Io {
  stdout: Writer;
  stderr: Writer;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

const text = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const help = { type: 'boolean', short: 'h' } as const;

const uploadOptions = {
  server: text,
  user: text,
  password: text,
  device: text,
  type: text,
  patient: text,
  sex: text,
  age: text,
  doctor: text,
  clinic: text,
  phone: text,
  due: text,
  remark: text,
  teeth: text,
  upper: bool,
  lower: bool,
  design: text,
  material: text,
  color: text,
  implant: text,
  restoration: text,
  software: text,
  code: text,
  state: text,
  progress: text,
  field: { type: 'string', multiple: true },
  help,
} satisfies ParseArgsConfig['options'];

const formOptions = {
  server: text,
  user: text,
  password: text,
  device: text,
  type: text,
  help,
} satisfies ParseArgsConfig['options'];

/** caseOrder field → the flag that sets it (for error messages). */
const flagOf: Record<keyof CaseOrder, string> = {
  caseType: '--type',
  patientName: '--patient',
  sex: '--sex',
  age: '--age',
  doctor: '--doctor',
  clinic: '--clinic',
  phone: '--phone',
  dueDate: '--due',
  remark: '--remark',
  teeth: '--teeth',
  upperJaw: '--upper',
  lowerJaw: '--lower',
  designRequirement: '--design',
  material: '--material',
  toothColor: '--color',
  implantType: '--implant',
  restorationType: '--restoration',
  softwareVersion: '--software',
};

/** parseArgs, with its errors turned into usage errors that name the command. */
function parse<O extends NonNullable<ParseArgsConfig['options']>>(
  command: string,
  args: string[],
  options: O,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    const message = (err as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    throw new CliError(ExitCode.usage, `${command}: ${message} (see archway-scan ${command} --help)`);
  }
}

type UploadValues = ReturnType<typeof parse<typeof uploadOptions>>['values'];

/** The order fields from the flags, validated by the contract's caseOrder. */
export function orderFromFlags(v: UploadValues): CaseOrder {
  const raw: Record<string, unknown> = {
    caseType: v.type,
    patientName: v.patient,
    sex: v.sex,
    age: v.age,
    doctor: v.doctor,
    clinic: v.clinic,
    phone: v.phone,
    dueDate: v.due,
    remark: v.remark,
    teeth: v.teeth
      ?.split(/[\s,]+/)
      .filter(Boolean)
      .map((t) => (/^\d+$/.test(t) ? Number(t) : t)),
    upperJaw: v.upper,
    lowerJaw: v.lower,
    designRequirement: v.design,
    material: v.material,
    toothColor: v.color,
    implantType: v.implant,
    restorationType: v.restoration,
    softwareVersion: v.software,
  };
  for (const k of Object.keys(raw)) if (raw[k] === undefined) delete raw[k];
  const parsed = caseOrder.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const field = String(i.path[0] ?? '') as keyof CaseOrder;
      const flag = flagOf[field] ?? field;
      const value = raw[field];
      const shown = Array.isArray(value) && typeof i.path[1] === 'number' ? value[i.path[1]] : value;
      return `${flag}${shown !== undefined && typeof shown !== 'boolean' ? ` ${JSON.stringify(shown)}` : ''}: ${i.message}`;
    });
    throw new CliError(ExitCode.usage, `upload: ${[...new Set(problems)].join('; ')}`);
  }
  return parsed.data;
}

/**
 * `--field NAME=VALUE` (repeatable) as order-form values; the server knows each field's type and reads a checkbox's
 * comma-separated options and a switch's true/false from the text.
 */
export function fieldsFromFlags(fields: readonly string[] | undefined): OrderValues | undefined {
  if (!fields?.length) return undefined;
  const out: OrderValues = {};
  const seen = new Set<string>();
  for (const f of fields) {
    const at = f.indexOf('=');
    const name = at < 0 ? '' : f.slice(0, at).trim();
    if (!name) throw new CliError(ExitCode.usage, `upload: --field ${JSON.stringify(f)}: write NAME=VALUE`);
    if (seen.has(name.toLowerCase()))
      throw new CliError(ExitCode.usage, `upload: --field ${JSON.stringify(name)} is given twice`);
    seen.add(name.toLowerCase());
    out[name] = f.slice(at + 1).trim();
  }
  return out;
}

const positiveInt = (s: string | undefined) => {
  const n = Number(s);
  return s && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Builds the upload request from the command line (no I/O); usage errors as CliError. */
export function uploadRequest(args: string[], env: NodeJS.ProcessEnv): UploadRequest | 'help' {
  const { values: v, positionals } = parse('upload', args, uploadOptions);
  if (v.help) return 'help';
  const password = v.password ?? env.ARCHWAY_SCAN_PASSWORD;
  const missing = [
    ['--server', v.server],
    ['--user', v.user],
    ['--password', password],
    ['--device', v.device],
    ['--type', v.type],
    ['--patient', v.patient],
  ]
    .filter(([, value]) => !value)
    .map(([flag]) => flag);
  if (missing.length) {
    throw new CliError(
      ExitCode.usage,
      `upload: missing ${missing.join(', ')} (see archway-scan upload --help)`,
    );
  }
  let server: URL;
  try {
    server = new URL(v.server!);
    if (!/^https?:$/.test(server.protocol)) throw new Error();
  } catch {
    throw new CliError(ExitCode.usage, `upload: --server ${JSON.stringify(v.server)} is not an http(s) URL`);
  }
  const order = orderFromFlags(v);
  const orderFields = fieldsFromFlags(v.field);
  if (!positionals.length) {
    throw new CliError(
      ExitCode.usage,
      'upload: no scan files given (PLY, STL or OBJ; see archway-scan upload --help)',
    );
  }
  const progress = (v.progress ?? 'auto') as ProgressMode;
  if (!ProgressModes.includes(progress)) {
    throw new CliError(ExitCode.usage, `upload: --progress must be one of ${ProgressModes.join(', ')}`);
  }
  if (v.code !== undefined && !v.code) throw new CliError(ExitCode.usage, 'upload: --code is empty');
  return {
    server: server.href.replace(/\/+$/, ''),
    user: v.user!,
    password: password!,
    device: v.device!,
    order,
    ...(orderFields ? { orderFields } : {}),
    files: positionals,
    ...(v.code ? { code: v.code } : {}),
    stateDir: path.resolve(v.state ?? defaultStateDir(env)),
    progress,
    ...(positiveInt(env.ARCHWAY_SCAN_CHUNK_SIZE)
      ? { chunkSize: positiveInt(env.ARCHWAY_SCAN_CHUNK_SIZE) }
      : {}),
    ...(positiveInt(env.ARCHWAY_SCAN_REQUEST_DELAY_MS)
      ? { requestDelayMs: positiveInt(env.ARCHWAY_SCAN_REQUEST_DELAY_MS) }
      : {}),
  };
}

/** `archway-scan form`: the receiving labs' order forms as JSON on stdout. */
async function form(args: string[], io: Io): Promise<number> {
  const { values: v } = parse('form', args, formOptions);
  if (v.help) {
    io.stdout.write(FORM_HELP);
    return ExitCode.ok;
  }
  const password = v.password ?? io.env.ARCHWAY_SCAN_PASSWORD;
  const missing = [
    ['--server', v.server],
    ['--user', v.user],
    ['--password', password],
    ['--device', v.device],
    ['--type', v.type],
  ]
    .filter(([, value]) => !value)
    .map(([flag]) => flag);
  if (missing.length)
    throw new CliError(ExitCode.usage, `form: missing ${missing.join(', ')} (see archway-scan form --help)`);
  let server: URL;
  try {
    server = new URL(v.server!);
    if (!/^https?:$/.test(server.protocol)) throw new Error();
  } catch {
    throw new CliError(ExitCode.usage, `form: --server ${JSON.stringify(v.server)} is not an http(s) URL`);
  }
  const query = receiverFormsQuery.safeParse({ device: v.device, type: v.type });
  if (!query.success) throw new CliError(ExitCode.usage, 'form: --type must be 1, 2 or 3');
  const api = new Session(server.href.replace(/\/+$/, ''), v.user!, password!);
  await api.bearer().catch((e) => mapApiError(e, 'sign-in'));
  const forms = await receiverForms(api, query.data.device, query.data.type).catch((e) =>
    mapApiError(e, 'order forms'),
  );
  io.stdout.write(`${JSON.stringify(forms, null, 2)}\n`);
  return ExitCode.ok;
}

async function decrypt(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parse('decrypt', args, { code: text, help });
  if (values.help) {
    io.stdout.write(DECRYPT_HELP);
    return ExitCode.ok;
  }
  if (!values.code)
    throw new CliError(ExitCode.usage, 'decrypt: missing --code (see archway-scan decrypt --help)');
  if (positionals.length !== 2) {
    throw new CliError(ExitCode.usage, 'decrypt: give exactly IN and OUT (see archway-scan decrypt --help)');
  }
  const [input, output] = positionals as [string, string];
  if (path.resolve(input) === path.resolve(output)) {
    throw new CliError(ExitCode.usage, 'decrypt: IN and OUT are the same file');
  }
  const info = await stat(input).catch(() => undefined);
  if (!info?.isFile()) throw new CliError(ExitCode.file, `${input}: no such file`);
  const outDir = await stat(path.dirname(path.resolve(output))).catch(() => undefined);
  if (!outDir?.isDirectory()) throw new CliError(ExitCode.file, `${output}: its folder does not exist`);
  try {
    const { size } = await decryptFile(input, output, values.code);
    io.stderr.write(`decrypted ${input} → ${output} (${size} bytes)\n`);
  } catch (err) {
    if (err instanceof DecryptError)
      throw new CliError(ExitCode.decrypt, `decrypt: ${input}: ${err.message}`);
    throw err;
  }
  return ExitCode.ok;
}

/** Runs archway-scan with these arguments; returns the exit code (never throws). */
export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
        io.stderr.write(MAIN_HELP);
        return ExitCode.usage;
      case '-h':
      case '--help':
        io.stdout.write(MAIN_HELP);
        return ExitCode.ok;
      case 'help': {
        const topic = rest[0];
        io.stdout.write(
          topic === 'upload'
            ? UPLOAD_HELP
            : topic === 'form'
              ? FORM_HELP
              : topic === 'decrypt'
                ? DECRYPT_HELP
                : MAIN_HELP,
        );
        return ExitCode.ok;
      }
      case '-v':
      case '--version':
        io.stdout.write(`${version}\n`);
        return ExitCode.ok;
      case 'upload': {
        const req = uploadRequest(rest, io.env);
        if (req === 'help') {
          io.stdout.write(UPLOAD_HELP);
          return ExitCode.ok;
        }
        const id = await uploadCase({ ...req, ...(io.signal ? { signal: io.signal } : {}) }, io.stderr);
        io.stdout.write(`${id}\n`);
        return ExitCode.ok;
      }
      case 'form':
        return await form(rest, io);
      case 'decrypt':
        return await decrypt(rest, io);
      default:
        throw new CliError(
          ExitCode.usage,
          `unknown command ${JSON.stringify(command)}: use upload, form or decrypt (see archway-scan --help)`,
        );
    }
  } catch (err) {
    if (err instanceof CliError) {
      io.stderr.write(`archway-scan: ${err.message}\n`);
      return err.exitCode;
    }
    io.stderr.write(
      `archway-scan: unexpected failure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    return ExitCode.failure;
  }
}

/** The process entry (bin/archway-scan.js): Ctrl-C aborts the upload cleanly (resumable), a second one at once. */
export async function run(): Promise<never> {
  const controller = new AbortController();
  let interrupted = false;
  process.on('SIGINT', () => {
    if (interrupted) process.exit(ExitCode.interrupted);
    interrupted = true;
    controller.abort();
  });
  const code = await main(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    signal: controller.signal,
  });
  await new Promise((resolve) => process.stdout.write('', resolve));
  process.exit(code);
}
