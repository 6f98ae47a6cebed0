import { webProject } from './vitest.shared.ts';

// The files that need a page of their own (vitest.shared.ts says which).
export default webProject(true);
