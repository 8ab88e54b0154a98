import { setClock } from '@app/domain';
import { E2E_NOW } from './clock.js';

/* The e2e test process reads the servers' day too: a file that seeds or runs a job in-process does it on E2E_NOW. */
setClock(E2E_NOW);
