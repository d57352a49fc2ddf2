/// <reference lib="dom" />
// Entry of the Lines page (dist/web/lines.js).
import { startPage } from '../ui/page.js';
import { LinesPanel } from './panel.js';

const { host, t, main } = startPage('lines.title', 'lines');
const panel = new LinesPanel(host, main, t);
panel.focus();
(window as unknown as { linesPanel: LinesPanel }).linesPanel = panel;
