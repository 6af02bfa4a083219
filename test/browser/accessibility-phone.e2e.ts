import { describeAccessibility, PHONE_LAYOUTS } from './accessibility-checks.js';

// Every page and dialog at the phone's width, light and dark (accessibility-checks.ts says what is checked).
describeAccessibility(PHONE_LAYOUTS);
