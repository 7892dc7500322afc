// series.js — the 计分赛 score table (issue 18, V-JF-2): one row per seat, a column per game of
// the series (the lord's cell marked 主), the running total; once every seat has been lord, the
// series' winners. Drawn from the room's `series` (RoomInfo::series) in the waiting room and on
// the game-over screen.

import { h } from './dom.js';
import { t } from './i18n.js';

/** The name of the occupant of `seat` in `room`. */
function occupantName(room, seat) {
  const o = room?.seats[seat]?.occupant;
  if (o?.kind === 'player') return o.name;
  if (o?.kind === 'bot') return t('bot');
  return '';
}

/** Every seat's total so far. */
export function seriesTotals(series) {
  const totals = new Array(series.games).fill(0);
  for (const game of series.played) game.points.forEach((p, i) => { totals[i] += p; });
  return totals;
}

/** The score table of `room`'s series, or null when the room plays none. */
export function seriesEl(room) {
  const series = room?.series;
  if (!series) return null;
  const totals = seriesTotals(series);
  const over = series.played.length >= series.games;
  const best = Math.max(...totals);
  const games = Array.from({ length: series.games }, (_, k) => k);
  const rows = totals.map((total, seat) => h(`tr${over && total === best ? '.won' : ''}`,
    { data: { testid: 'series-row', seat } },
    h('td', `${seat + 1}`), h('td', occupantName(room, seat)),
    games.map((k) => {
      const game = series.played[k];
      if (!game) return h('td.pending', '');
      return h(`td${game.lord === seat ? '.lord' : ''}`, { title: game.lord === seat ? t('series_lord') : null },
        `${game.points[seat]}${game.lord === seat ? ' 主' : ''}`);
    }),
    h('td.total', { data: { testid: 'series-total' } }, `${total}`)));
  const winners = totals.map((total, seat) => (total === best ? seat : null)).filter((s) => s !== null)
    .map((seat) => occupantName(room, seat) || t('seat_n', { n: seat + 1 }));
  return h('div.series', { data: { testid: 'series', played: series.played.length, games: series.games } },
    h('h3', t('series_title'), ' ', h('span.tag', over ? t('series_over') : t('series_progress', { k: series.played.length, n: series.games }))),
    h('table.results.series-table',
      h('thead', h('tr', h('th', '#'), h('th', t('player')), games.map((k) => h('th', t('series_game', { n: k + 1 }))), h('th', t('series_total')))),
      h('tbody', rows)),
    over ? h('p.side', { data: { testid: 'series-winner' } }, t('series_winner', { names: winners.join('、') })) : null);
}
