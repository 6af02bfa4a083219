import { describeAccessibility, DESKTOP_LAYOUTS } from './accessibility-checks.js';

// Every page and dialog at the desktop's width, light and dark (accessibility-checks.ts says what is checked).
describeAccessibility(DESKTOP_LAYOUTS);
