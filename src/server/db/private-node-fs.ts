import { NodeFS } from '@electric-sql/pglite/nodefs';

// The embedded database's files on disk, readable by the owner only: they and the
// write-ahead log hold password hashes, webhook keys and notification secrets in clear.
// PGlite's Node filesystem creates files through the process umask (main.ts sets 077),
// but PostgreSQL inside it then chmods each file to 0666; every mode it sets here loses
// its group and other bits, as PostgreSQL's own 0600 default would have it.

type EmscriptenOptions = Parameters<NodeFS['init']>[1];
type Attributes = { mode?: number | null };
type SetAttr = (target: unknown, attr: Attributes) => void;
interface NodeFsOps {
  node_ops: { setattr: SetAttr };
  stream_ops: { setattr: SetAttr };
}

const OWNER_ONLY = ~0o077;

const ownerOnly = (setattr: SetAttr): SetAttr => {
  return (target, attr) =>
    setattr(target, attr.mode == null ? attr : { ...attr, mode: attr.mode & OWNER_ONLY });
};

export class PrivateNodeFS extends NodeFS {
  override async init(pg: Parameters<NodeFS['init']>[0], options: EmscriptenOptions) {
    const { emscriptenOpts } = await super.init(pg, options);
    const keepPrivate = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as NodeFsOps;
      nodefs.node_ops.setattr = ownerOnly(nodefs.node_ops.setattr);
      nodefs.stream_ops.setattr = ownerOnly(nodefs.stream_ops.setattr);
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), keepPrivate],
      },
    };
  }
}
