import { fairOdds } from '../../domain/odds.js';
import type { ComputedBoard, ComputedOdds } from './service.js';
import type { EventOdds, OddsBoard, OddsRow } from './schema.js';

function presentBoard(computed: ComputedBoard, version: number): OddsBoard {
  const rows = computed.odds.map((odds, index): { order: number; row: OddsRow } => {
    const { row } = computed.board.entries[index] ?? { row: undefined };
    return {
      order: index,
      row: {
        name: row?.name ?? '',
        teamName: row?.teamName ?? null,
        position: row?.position ?? null,
        toPar: row?.toPar ?? 0,
        thru: row?.thru ?? 0,
        win: odds.win,
        top3: odds.top3,
        odds: fairOdds(odds.win),
        basis: odds.basis,
      },
    };
  });
  rows.sort((a, b) => b.row.win - a.row.win || a.order - b.order);
  return {
    name: computed.board.name,
    scoring: computed.board.scoring,
    phase: computed.phase,
    simulations: computed.simulations,
    version,
    rows: rows.map(({ row }) => row),
  };
}

const presented = new WeakMap<ComputedOdds, EventOdds>();

/**
 * An event's odds as the public reads them, boards in the leaderboard's order: presented
 * once per computed version (the widget presents every version of its chart on each read).
 */
export function presentOdds(odds: ComputedOdds): EventOdds {
  let document = presented.get(odds);
  if (document === undefined) {
    document = { boards: odds.boards.map((board) => presentBoard(board, odds.version)) };
    presented.set(odds, document);
  }
  return document;
}

const documents = new WeakMap<ComputedOdds, string>();

/**
 * The bytes of the odds document: the same for the JSON read and every stream event,
 * serialized once per computed version however many read or stream it.
 */
export function oddsJson(odds: ComputedOdds): string {
  let json = documents.get(odds);
  if (json === undefined) {
    json = JSON.stringify(presentOdds(odds));
    documents.set(odds, json);
  }
  return json;
}
