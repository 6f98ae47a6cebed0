import { webProject } from './vitest.shared.ts';

// The files that share one page; vitest.isolated.config.ts runs the others (vitest.shared.ts says which).
export default webProject(false);
