// The analyzer's programmatic entry (its CLI, run without writing), which its own typings leave out.
declare module '@custom-elements-manifest/analyzer/cli.js' {
  import type { Package } from 'custom-elements-manifest';

  export function cli(options: { argv: string[]; cwd: string; noWrite: boolean }): Promise<Package>;
}
