// Types for the e2e cold-start test, which measures its scripts the way the bench does.
/** Gzip bytes of a built file: its precompressed `.gz` sibling, else gzip level 9 of it. */
export function gzipBytes(file: string): Promise<number>;
