// Types for shared-chunk.test.ts.
export interface BuiltChunks {
  /** Each chunk's modules, repository-relative. */
  modulesOf: Map<string, string[]>;
  /** The chunks of the requests list's cold start. */
  cold: Set<string>;
  /** The entry's static closure: on every page. */
  everyPage: Set<string>;
}
/** The problems of one build, as sentences (none when the folder rule holds). */
export function sharedChunkProblems(build: BuiltChunks): string[];
export function readBuild(clientDir: string, mapsDir: string): Promise<BuiltChunks>;
