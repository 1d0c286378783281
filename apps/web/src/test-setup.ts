import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import './i18n/i18n.ts';

// findBy and waitFor wait up to 5 s (1 s by default): enough on a loaded two-core CI machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(cleanup);
