// Opens qipu's HTML report in a real browser (Debian's Chromium, headless) as a reader
// would: the page must load with no console message, no script error and no request
// beyond the file itself; every board must be drawn with its pieces. Keeps a screenshot
// of the whole page and a PDF of its print layout beside it, to look at.
//
//   [EXPECT_GAMES=draughts,go,shatar] node tools/browser/check_report.mjs REPORT.html SCREENSHOT.png [PRINT.pdf]

import { chromium } from 'playwright-core';
import path from 'node:path';

const [report, screenshot, pdf] = process.argv.slice(2);
if (!report || !screenshot) {
  console.error('usage: check_report.mjs REPORT.html SCREENSHOT.png [PRINT.pdf]');
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const problems = [];
const url = 'file://' + path.resolve(report);
const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
page.on('console', (message) => problems.push(`console ${message.type()}: ${message.text()}`));
page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
page.on('request', (request) => {
  if (request.url() !== url) problems.push(`request beyond the page: ${request.url()}`);
});
await page.goto(url, { waitUntil: 'load' });

// Each board: an SVG drawn at a size, each piece or stone in it drawn too.
const boards = await page.$$eval('.board', (boards) =>
  boards.map((board) => {
    const svg = board.querySelector('svg');
    if (!svg) return { drawn: false, pieces: 0, shown: 0, game: board.dataset.game };
    const box = svg.getBoundingClientRect();
    const pieces = [...svg.querySelectorAll('[data-piece]')];
    const shown = pieces.filter((piece) => {
      const b = piece.getBoundingClientRect();
      return b.width > 0 && b.height > 0;
    });
    return {
      drawn: box.width > 50 && box.height > 50,
      pieces: pieces.length,
      shown: shown.length,
      game: board.dataset.game,
    };
  }),
);
const expected = await page.$$eval('[data-board-expected]', (items) => items.length);
if (boards.length !== expected) {
  problems.push(`${expected} diagnostics call for a board, ${boards.length} boards found`);
}
boards.forEach((board, i) => {
  if (!board.drawn) problems.push(`board ${i + 1} (${board.game}) is not drawn`);
  if (board.pieces === 0) problems.push(`board ${i + 1} (${board.game}) has no pieces`);
  if (board.shown !== board.pieces) {
    problems.push(`board ${i + 1} (${board.game}): ${board.pieces - board.shown} pieces not drawn`);
  }
});
const games = [...new Set(boards.map((board) => board.game))].sort();
// EXPECT_GAMES=draughts,go,shatar: a board of each of these families must be there.
for (const game of (process.env.EXPECT_GAMES ?? '').split(',').filter(Boolean)) {
  if (!games.includes(game)) problems.push(`no ${game} board in the report`);
}

await page.screenshot({ path: screenshot, fullPage: true });
if (pdf) {
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: pdf, format: 'A4', printBackground: false });
}
await browser.close();

if (problems.length > 0) {
  console.error(`${report}: ${problems.length} problems in the browser:`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `${report}: loaded in Chromium without console messages; ${boards.length} boards drawn ` +
    `(${games.join(', ')}), every piece shown; screenshot ${screenshot}`,
);
