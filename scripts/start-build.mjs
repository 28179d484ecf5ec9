// The web build of a first `npm start`, with progress: about a minute of `npm run build`
// would otherwise look like a hung start. The build's own output (a few hundred lines) is
// read for the step it has reached, kept back, and shown only if the build fails.
import { spawn } from 'node:child_process';

/** The steps of `npm run build`, each known by the first line the build prints for it. */
export const buildSteps = [
  { starts: /building client environment/, text: 'Bundling the browser code' },
  { starts: /building ssr environment/, text: 'Bundling the public pages' },
  { starts: /^Prerender \(html\)/, text: 'Pre-rendering the public pages' },
  // React Router's last line; what follows is scripts/compress-build.mjs, which prints nothing.
  { starts: /^Removing the server build/, text: 'Compressing the files (brotli and gzip)' },
];

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/**
 * Runs the build, saying what it does: a line per step, and every `tickMs` a dot (on a
 * terminal) or a line with the time so far (in a log, where a dot would wait for its line).
 * Resolves to whether it worked; on failure the build's output has been written to `out`.
 */
export function buildWithProgress({
  command = 'npm',
  args = ['run', 'build'],
  env = process.env,
  out = process.stdout,
  tty = Boolean(out.isTTY),
  tickMs = 5_000,
} = {}) {
  const started = Date.now();
  const elapsed = () => seconds(Date.now() - started);
  out.write(
    'Building the web app: on the first start only, it takes about a minute ' +
      '(later starts skip it).\n',
  );
  let step = -1;
  let open = false; // a terminal line of dots not yet ended
  const endLine = () => {
    if (open) out.write('\n');
    open = false;
  };
  const enter = (index) => {
    endLine();
    step = index;
    // On a terminal the dots follow on the step's own line.
    out.write(`  ${index + 1}/${buildSteps.length} ${buildSteps[index].text}${tty ? ' ' : '\n'}`);
    open = tty;
  };
  const tick = setInterval(() => {
    if (tty) {
      if (!open) out.write('  ');
      out.write('.');
      open = true;
    } else {
      const doing = step >= 0 ? buildSteps[step].text.toLowerCase() : 'starting the build';
      out.write(`  … ${doing}, ${elapsed()} so far\n`);
    }
  }, tickMs);

  const log = [];
  let partial = '';
  const read = (chunk) => {
    const text = chunk.toString();
    log.push(text);
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const found = buildSteps.findIndex((s, i) => i > step && s.starts.test(line));
      if (found >= 0) enter(found);
    }
  };
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  return new Promise((resolve) => {
    let finished = false;
    const finish = (ok, error) => {
      // A command that cannot be started reports 'error' and then 'close'.
      if (finished) return;
      finished = true;
      clearInterval(tick);
      endLine();
      if (ok) {
        out.write(`Built in ${elapsed()}; later starts go straight to the server.\n`);
      } else {
        out.write(`The web build failed after ${elapsed()}:\n\n${log.join('')}`);
        if (error) out.write(`${error.message}\n`);
      }
      resolve(ok);
    };
    child.once('error', (error) => finish(false, error));
    child.once('close', (code) => finish(code === 0));
  });
}
