// How the server starts its own child processes (the demo's agents, the vision engine, the program launcher):
// Node with tsx, like the server itself. They inherit the server's TMPDIR, its folder under DATA_DIR/tmp, so
// the programs they start leave their temporary files where a crash is cleaned up; tsx would keep its compile
// cache there too, files left behind at every stop. The children compile their modules without a cache instead.
export const TSX_LOADER = import.meta.resolve('tsx');

/** Node's arguments that run this TypeScript file. */
export const tsChildArgs = (script: string): string[] => ['--import', TSX_LOADER, script];

/** The environment of a child started with tsChildArgs. */
export const tsChildEnv = (): NodeJS.ProcessEnv => ({ ...process.env, TSX_DISABLE_CACHE: '1' });
