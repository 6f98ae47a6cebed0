// Types for scripts/build-server.mjs, imported by the e2e suite, the benches and the two-instance test.
export declare const serverDistDir: string;
export declare const serverMainJs: string;
export declare const serverNodeFlags: string[];
export declare const serverEnv: Record<string, string>;
export declare function serverListeningLine(port: number): string;
export declare function buildServer(): Promise<number>;
export declare function buildServerIfStale(): Promise<number>;
