// One server instance for the scheduler benchmark (real main.ts on PostgreSQL).
import { register } from 'tsx/esm/api';

register();
await import('../src/server/main.ts');
