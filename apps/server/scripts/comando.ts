/** Runs a command's `main`: on failure, `fallo` and the reason on stderr, and exit code 1. */
export function correrComando(main: () => Promise<void>, fallo: string): void {
  main().catch((e: unknown) => {
    console.error(`\n${fallo}: ${(e as Error).message}`);
    process.exit(1);
  });
}
